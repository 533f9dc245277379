import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/FormAlert';
import { CheckCircleIcon, CloudOffIcon, LockIcon } from '../ui/icons';
import { LoadingState } from '../ui/ScreenStates';
import type { PushDeviceState } from './usePushDevice';
import './push.css';

export type PushCardViewProps = Omit<PushDeviceState, 'turnOn' | 'turnOff'> & { onTurnOn: () => void; onTurnOff: () => void };

/**
 * Alerts on this device, on the profile. What they are comes first; the browser's
 * permission prompt appears only after "Turn on alerts" (a prompt on arrival is refused by
 * most people and then cannot be asked again). Each state says what the person can do:
 * install the app (iPhone), unblock in the browser, turn off, or wait to be online.
 */
export function PushCardView({ status, online, busy, dismissed, error, onTurnOn, onTurnOff }: PushCardViewProps) {
  const { t } = useLingui();
  const id = useId();
  const canChange = status === 'off' || status === 'on';

  let body;
  if (status === 'checking') body = <LoadingState label={t`Checking this device…`} />;
  else if (status === 'unsupported')
    body = (
      <p className="push-card-note" role="status">
        <Trans>This browser cannot receive alerts. Open this app in an up-to-date Chrome, Edge, Firefox or Safari to get them.</Trans>
      </p>
    );
  else if (status === 'needs-install')
    body = (
      <p className="push-card-note" role="status">
        <Trans>
          On iPhone and iPad, alerts work in the installed app: tap Share, then Add to Home Screen, open the app from your Home Screen and turn alerts on there.
        </Trans>
      </p>
    );
  else if (status === 'blocked')
    body = (
      <div className="push-card-note push-card-blocked with-icon" role="status">
        <LockIcon className="icon" width={18} height={18} />
        <p>
          <Trans>
            Notifications are blocked for this site. To allow them, open the site's settings (the icon beside the address) or your browser's settings, allow
            notifications, and come back to this page.
          </Trans>
        </p>
      </div>
    );
  else if (status === 'on')
    body = (
      <>
        <p className="push-card-on with-icon" role="status">
          <CheckCircleIcon className="icon" width={18} height={18} />
          <span>
            <Trans>Alerts are on for this device.</Trans>
          </span>
        </p>
        <div className="push-card-actions">
          <Button variant="secondary" onClick={onTurnOff} busy={busy === 'off'} disabled={!online || busy !== null}>
            <Trans>Turn off alerts on this device</Trans>
          </Button>
        </div>
      </>
    );
  else
    body = (
      <>
        {dismissed ? (
          <p className="push-card-note" role="status">
            <Trans>You did not answer the browser's question. Turn alerts on again when you are ready.</Trans>
          </p>
        ) : null}
        <div className="push-card-actions">
          <Button onClick={onTurnOn} busy={busy === 'on'} disabled={!online || busy !== null}>
            <Trans>Turn on alerts</Trans>
          </Button>
        </div>
        <p className="push-card-hint">
          <Trans>Your browser will ask whether this site may show notifications: answer Allow.</Trans>
        </p>
      </>
    );

  return (
    <section className="card form push-card" aria-labelledby={`${id}-title`} aria-busy={busy !== null || undefined}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Alerts on this device</Trans>
      </h2>
      <p className="push-card-lead">
        <Trans>
          Get alerts on this device even when the app is closed: emergency alerts from the school as soon as they are sent, and the news addressed to you. Each
          device you use is turned on separately.
        </Trans>
      </p>
      {canChange && !online ? (
        <p className="push-card-offline with-icon" role="status">
          <CloudOffIcon width={18} height={18} />
          <span>
            <Trans>You are offline: alerts can be turned on or off when you are connected again.</Trans>
          </span>
        </p>
      ) : null}
      <FormAlert message={error} />
      {body}
    </section>
  );
}
