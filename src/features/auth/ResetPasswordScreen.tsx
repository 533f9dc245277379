import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordRequest } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import { describeFailure } from '../../forms/describeFailure';
import { validateWith } from '../../forms/fieldErrors';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { buttonClass } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { showToast } from '../../ui/toastStore';
import { AuthCard } from './AuthCard';
import { resetPassword } from './authApi';
import { NewPasswordForm, type PasswordChoice, type PasswordChoiceSubmit } from './NewPasswordForm';

/** Opened from the mail's link: /auth/reset-password?token=…&email=… */
export function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const college = useCollege();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const address = params.get('email') ?? '';
  // The address stays in one piece (and in order) inside an Arabic sentence.
  const email = <bdi dir="ltr">{address}</bdi>;
  usePageMeta(t`Choose a new password`);

  const check = (values: PasswordChoice) => {
    const checked = validateWith(resetPasswordRequest, { token, email: address, ...values });
    return checked.ok ? null : checked.errors;
  };

  const submit: PasswordChoiceSubmit = async (values) => {
    try {
      await resetPassword({ token, email: address, ...values });
      showToast(t`Password reset successfully`);
      await navigate('/auth/login', { replace: true });
      return null;
    } catch (error) {
      return describeFailure(error, i18n);
    }
  };

  return (
    <AuthCard college={college} title={t`Choose a new password`} subtitle={address ? <Trans>For the account {email}</Trans> : undefined}>
      {token && address ? (
        <NewPasswordForm check={check} onSubmit={submit} />
      ) : (
        <div className="form">
          <FormAlert message={messages.resetInvalid} />
          <Link to="/auth/login" className={buttonClass('secondary', true)}>
            <Trans>Back to sign in</Trans>
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
