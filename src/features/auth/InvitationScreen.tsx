import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { invitationAcceptRequest } from '../../../contract/invitations';
import { messages } from '../../../contract/messages';
import { describeFailure } from '../../forms/describeFailure';
import { validateWith } from '../../forms/fieldErrors';
import { session } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { Button, buttonClass } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { CloudOffIcon } from '../../ui/icons';
import { LoadingState } from '../../ui/ScreenStates';
import { useOnline } from '../../ui/useOnline';
import { AuthCard } from './AuthCard';
import { acceptInvitation } from './invitationApi';
import { NewPasswordForm, type PasswordChoice, type PasswordChoiceSubmit } from './NewPasswordForm';
import { SsoOffer } from './SsoButton';
import { isInvalidLink, useInvitation } from './useInvitation';
import { useSsoProvider } from './useSsoProvider';

/**
 * `/auth/invitation?token=…`, the link of an invitation mail (docs/features/invitations.md):
 * says whom it is for, lets them choose a password and signs them in (RedirectSignedIn,
 * around this route, then takes them to the app). The school's single sign-on is offered too:
 * who signs in with it needs no password.
 */
export function InvitationScreen() {
  const { t, i18n } = useLingui();
  const college = useCollege();
  const online = useOnline();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { load, retry, markInvalid } = useInvitation(token);
  const provider = useSsoProvider(college.slug);
  usePageMeta(t`Your invitation`);

  const check = (values: PasswordChoice) => {
    const checked = validateWith(invitationAcceptRequest, { token, ...values });
    return checked.ok ? null : checked.errors;
  };

  const submit: PasswordChoiceSubmit = async (values) => {
    try {
      const reply = await acceptInvitation({ token, ...values });
      session.signIn(reply.token, reply.user);
      return null;
    } catch (error) {
      // Used or replaced meanwhile (another tab, a newer invitation): the link's own page says so.
      if (isInvalidLink(error)) {
        markInvalid();
        return null;
      }
      return describeFailure(error, i18n);
    }
  };

  const providerName = <bdi>{provider?.displayName}</bdi>;
  const sso = provider ? (
    <SsoOffer provider={provider} online={online} returnTo="/app">
      <p className="muted auth-note">
        <Trans>Do you use {providerName} at school? Sign in with it and you need no password.</Trans>
      </p>
    </SsoOffer>
  ) : null;

  if (load.status === 'ready') {
    const { first_name: name, email, college: collegeName } = load.invitation;
    // The address and the names stay in one piece (and in order) inside an Arabic sentence.
    const address = <bdi dir="ltr">{email}</bdi>;
    const school = <bdi>{collegeName}</bdi>;
    return (
      <AuthCard
        college={college}
        title={t`Welcome, ${name}`}
        subtitle={
          <Trans>
            {school} invited you. Choose a password for {address}.
          </Trans>
        }
      >
        <NewPasswordForm check={check} onSubmit={submit} submitLabel={<Trans>Save password and sign in</Trans>} />
        {sso}
      </AuthCard>
    );
  }

  return (
    <AuthCard college={college} title={load.status === 'invalid' ? t`This invitation cannot be used` : t`Your invitation`}>
      {load.status === 'loading' ? <LoadingState label={t`Opening your invitation…`} /> : null}
      {load.status === 'offline' ? (
        <p className="with-icon" role="status">
          <CloudOffIcon />
          <span>
            <Trans>Opening your invitation needs a connection. It opens by itself when you are back online.</Trans>
          </span>
        </p>
      ) : null}
      {load.status === 'failed' ? (
        <div className="form">
          <FormAlert message={load.error} />
          <Button block onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {load.status === 'invalid' ? (
        <div className="form">
          <FormAlert message={messages.invitationInvalid} />
          <Link to="/auth/login" className={buttonClass('secondary', true)}>
            <Trans>Go to sign in</Trans>
          </Link>
          {sso}
        </div>
      ) : null}
    </AuthCard>
  );
}
