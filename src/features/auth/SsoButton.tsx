import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { buttonClass } from '../../ui/Button';
import { CloudOffIcon, LockIcon } from '../../ui/icons';
import { ssoStartPath, type SsoProvider } from './ssoApi';

/**
 * "Sign in with <provider>": a plain navigation to the server's start of the flow (the
 * provider's pages are not the app's). Offline it is disabled and says why.
 */
export function SsoButton({ provider, returnTo, online }: { provider: SsoProvider; returnTo: string; online: boolean }) {
  const reasonId = useId();
  const name = <bdi>{provider.displayName}</bdi>;
  const label = <Trans>Sign in with {name}</Trans>;
  if (online) {
    return (
      <a className={`${buttonClass('secondary', true)} sso-button`} href={ssoStartPath(returnTo)}>
        <LockIcon />
        <span>{label}</span>
      </a>
    );
  }
  return (
    <div className="sso-offline">
      <button type="button" className={`${buttonClass('secondary', true)} sso-button`} disabled aria-describedby={reasonId}>
        <LockIcon />
        <span>{label}</span>
      </button>
      <p id={reasonId} className="with-icon field-hint">
        <CloudOffIcon width={16} height={16} />
        <span>
          <Trans>Signing in with {name} needs a connection.</Trans>
        </span>
      </p>
    </div>
  );
}

/** The button as another way to sign in: after "or", with what the page says of it (`children`). */
export function SsoOffer({ children, ...button }: { provider: SsoProvider; returnTo: string; online: boolean; children?: ReactNode }) {
  return (
    <>
      <p className="auth-or">
        <Trans>or</Trans>
      </p>
      {children}
      <SsoButton {...button} />
    </>
  );
}
