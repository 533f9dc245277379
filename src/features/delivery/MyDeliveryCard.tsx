import { useLingui } from '@lingui/react/macro';
import { deliveryPreferencesInput } from '../../../contract/delivery';
import { useOnlineSettings } from '../../forms/useOnlineSettings';
import { showToast } from '../../ui/toastStore';
import { myPreferences } from './deliveryApi';
import { MyDeliveryView } from './MyDeliveryView';
import './delivery.css';

/** The profile's "How you are reached" (UiModule.profile), online only. */
export function MyDeliveryCard() {
  const { t } = useLingui();
  const { retry, save, ...state } = useOnlineSettings(myPreferences, deliveryPreferencesInput);
  return <MyDeliveryView {...state} onRetry={retry} onSave={(input) => void save(input).then((ok) => ok && showToast(t`Your choices are saved`))} />;
}
