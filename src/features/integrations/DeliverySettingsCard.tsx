import { useLingui } from '@lingui/react/macro';
import { deliverySettings } from '../../../contract/delivery';
import { useOnlineSettings } from '../../forms/useOnlineSettings';
import { showToast } from '../../ui/toastStore';
import { deliverySettingsDoor } from './integrationsApi';
import { DeliverySettingsView } from './DeliverySettingsView';

/** The college's delivery settings on the integrations screen, read and saved online. */
export function DeliverySettingsCard() {
  const { t } = useLingui();
  const { retry, save, ...state } = useOnlineSettings(deliverySettingsDoor, deliverySettings);
  return (
    <DeliverySettingsView {...state} onRetry={retry} onSave={(settings) => void save(settings).then((ok) => ok && showToast(t`Delivery settings saved`))} />
  );
}
