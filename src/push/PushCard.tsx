import { useLingui } from '@lingui/react/macro';
import { showToast } from '../ui/toastStore';
import { PushCardView } from './PushCardView';
import { usePushDevice } from './usePushDevice';

/**
 * Alerts on this device, on the profile screen. Web Push is core, not a feature module: the
 * profile (itself core) renders this card beside the preferences, and any feature's pushes
 * (ctx.push on the server) reach the devices turned on here.
 */
export function PushCard() {
  const { t } = useLingui();
  const { turnOn, turnOff, ...state } = usePushDevice();
  return (
    <PushCardView
      {...state}
      onTurnOn={() => turnOn().then((on) => on && showToast(t`Alerts are on for this device`))}
      onTurnOff={() => turnOff().then((off) => off && showToast(t`Alerts are off for this device`))}
    />
  );
}
