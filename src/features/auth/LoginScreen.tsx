import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ssoRefusalMessage } from '../../../contract/ssoRefusals';
import { describeFailure } from '../../forms/describeFailure';
import { redirectTarget } from '../../session/redirectTarget';
import { session } from '../../session/session';
import { login, primeCsrfCookie } from '../../session/sessionApi';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { FormAlert } from '../../ui/FormAlert';
import { retryOnce } from '../../ui/lazyScreen';
import { useOnline } from '../../ui/useOnline';
import { whenIdle } from '../../ui/whenIdle';
import { AuthCard } from './AuthCard';
import type { SecondStepRequired } from '../../../contract/secondFactor';
import { LazySecondStep } from '../../secondFactor/LazySecondStep';
import { LoginForm, type LoginSubmit } from './LoginForm';
import { SsoOffer } from './SsoButton';
import { useSsoProvider } from './useSsoProvider';

/*
 * The recover-account dialog (Radix Dialog and the contract's zod schemas) is not needed to
 * paint the sign-in: it is fetched once the page is idle, or when asked for.
 */
const loadForgotPasswordDialog = retryOnce(() => import('./ForgotPasswordDialog'));
const ForgotPasswordDialog = lazy(() => loadForgotPasswordDialog().then((m) => ({ default: m.ForgotPasswordDialog })));

export function LoginScreen() {
  const { t, i18n } = useLingui();
  const college = useCollege();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotEmail, setForgotEmail] = useState('');
  const [forgotKey, setForgotKey] = useState(0);
  const [params] = useSearchParams();
  const online = useOnline();
  const provider = useSsoProvider(college.slug);
  // A refused single sign-on comes back here with its reason (server/sso/flowRoutes.ts).
  const ssoError = params.get('sso_error');
  usePageMeta(t`Sign in`);
  useEffect(() => whenIdle(() => void loadForgotPasswordDialog().catch(() => undefined), 5000), []);
  // Someone on this screen is about to sign in: what "Sign in" would wait for on a weak
  // network (the CSRF cookie's round trip, the sync worker's code) is fetched meanwhile.
  useEffect(
    () =>
      whenIdle(() => {
        void primeCsrfCookie();
        import('../../sync/syncClient').then(
          ({ syncClient }) => syncClient.warm(),
          () => undefined,
        );
      }, 5000),
    [],
  );

  // A right password of a member with a second factor: its step replaces the form (src/secondFactor).
  const [secondStep, setSecondStep] = useState<SecondStepRequired | null>(null);
  const submit: LoginSubmit = async (credentials, password) => {
    try {
      const reply = await login(credentials, password);
      if ('second_factor_required' in reply) {
        setSecondStep(reply);
        return null;
      }
      // RedirectSignedIn (around this route) now takes the user where they were going.
      session.signIn(reply.token, reply.user);
      return null;
    } catch (error) {
      // The server names the field it rejects (email or rut); the form has one identifier.
      return describeFailure(error, i18n, { email: 'identifier', rut: 'identifier' });
    }
  };

  if (secondStep) {
    return (
      <AuthCard college={college} title={t`Two-step sign-in`} subtitle={t`One more step to confirm it is you.`}>
        <LazySecondStep challenge={secondStep} onBack={() => setSecondStep(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard college={college} title={t`Sign in`} subtitle={t`Welcome back. Sign in with your email or your RUT.`}>
      <FormAlert message={ssoError === null ? null : ssoRefusalMessage(ssoError)} />
      <LoginForm
        onSubmit={submit}
        allowSignup={college.allow_signup}
        // Back where the person was going, like the password's sign-in (RedirectSignedIn).
        alternative={provider ? <SsoOffer provider={provider} online={online} returnTo={redirectTarget(params.get('redirect'))} /> : null}
        onForgot={(identifier) => {
          setForgotEmail(identifier.includes('@') ? identifier.trim() : '');
          setForgotKey((k) => k + 1);
          setForgotOpen(true);
        }}
      />
      {forgotKey > 0 ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog key={forgotKey} open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={forgotEmail} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
