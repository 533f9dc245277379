import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../../../contract/messages';
import { NetworkError } from '../../api/errors';
import { describeFailure } from '../../forms/describeFailure';
import { session } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { Button, buttonClass } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { LoadingState } from '../../ui/ScreenStates';
import { AuthCard } from './AuthCard';
import { exchangeOnce, forgetFragment, readExchangeSecret } from './ssoLanding';

type Landing = { status: 'working' } | { status: 'failed'; message: string; canRetry: boolean };

/**
 * `/auth/sso#exchange=…`, where the school's provider sends the person back
 * (docs/features/sso.md): trades the one-time secret for a session; RedirectSignedIn
 * (around this route) then takes them where they were going.
 */
export function SsoScreen() {
  const { t, i18n } = useLingui();
  const college = useCollege();
  const navigate = useNavigate();
  // Read before the fragment leaves the address bar (the effect below), once.
  const [secret] = useState(() => readExchangeSecret(window.location.hash));
  const [landing, setLanding] = useState<Landing>(secret ? { status: 'working' } : { status: 'failed', message: messages.ssoExpired, canRetry: false });
  const [attempt, setAttempt] = useState(0);
  usePageMeta(t`Signing you in`);

  useEffect(() => {
    forgetFragment();
    if (!secret) return;
    let current = true;
    exchangeOnce(secret).then(
      async (reply) => {
        if (!current) return;
        // Where they were going, for the guard to read (it is the one place that navigates after a
        // sign-in): on screen before the sign-in, which redraws the guard at once.
        await navigate({ search: `?${new URLSearchParams({ redirect: reply.return_to }).toString()}` }, { replace: true, flushSync: true });
        session.signIn(reply.token, reply.user);
      },
      (error: unknown) => {
        if (!current) return;
        const failure = describeFailure(error, i18n);
        setLanding({ status: 'failed', message: failure.form ?? failure.fields.exchange ?? messages.ssoExpired, canRetry: error instanceof NetworkError });
      },
    );
    return () => {
      current = false;
    };
  }, [secret, attempt, navigate, i18n]);

  return (
    <AuthCard college={college} title={landing.status === 'working' ? t`Signing you in` : t`The sign-in did not work`}>
      {landing.status === 'working' ? (
        <LoadingState label={t`Checking your sign-in with the school…`} />
      ) : (
        <div className="form">
          <FormAlert message={landing.message} />
          {landing.canRetry ? (
            <Button
              block
              onClick={() => {
                setLanding({ status: 'working' });
                setAttempt((n) => n + 1);
              }}
            >
              <Trans>Try again</Trans>
            </Button>
          ) : null}
          <Link to="/auth/login" className={buttonClass('secondary', true)}>
            <Trans>Back to sign in</Trans>
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
