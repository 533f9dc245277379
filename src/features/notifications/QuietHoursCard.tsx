import { useLingui } from '@lingui/react/macro';
import { showToast } from '../../ui/toastStore';
import { QuietHoursView } from './QuietHoursView';
import { useQuietHours } from './useQuietHours';

/** The profile's quiet hours (a section of the profile screen, ui.tsx `profile`). */
export function QuietHoursCard() {
  const { t } = useLingui();
  const { retry, save, ...state } = useQuietHours();
  return <QuietHoursView {...state} onRetry={retry} onSave={(preferences) => void save(preferences).then((ok) => ok && showToast(t`Quiet hours saved`))} />;
}
