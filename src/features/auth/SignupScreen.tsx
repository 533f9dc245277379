import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../contract/messages';
import { ApiError } from '../../api/errors';
import { describeFailure } from '../../forms/describeFailure';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { buttonClass } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { CheckCircleIcon, MailIcon, PhoneIcon } from '../../ui/icons';
import { AuthCard } from './AuthCard';
import { signup } from './authApi';
import { SignupForm, type SignupSubmit } from './SignupForm';

export function SignupScreen() {
  const { t, i18n } = useLingui();
  const college = useCollege();
  const [state, setState] = useState<'form' | 'pending' | 'closed'>(college.allow_signup ? 'form' : 'closed');
  usePageMeta(t`Join us now`);

  const submit: SignupSubmit = async (values) => {
    try {
      await signup(values);
      setState('pending');
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setState('closed');
        return null;
      }
      return describeFailure(error, i18n);
    }
  };

  return (
    <AuthCard college={college} title={t`Join us now`} subtitle={state === 'form' ? t`Start by creating your account` : undefined}>
      {state === 'form' ? <SignupForm onSubmit={submit} /> : null}
      {state === 'pending' ? (
        <div className="form">
          <FormAlert tone="success" message={messages.pendingApproval} />
          <p>
            <Trans>We will let you know by email when the school has approved your account. Then you can sign in.</Trans>
          </p>
          <Link to="/auth/login" className={buttonClass('primary', true)}>
            <Trans>Go to sign in</Trans>
          </Link>
        </div>
      ) : null}
      {state === 'closed' ? (
        <div className="form">
          <p className="with-icon">
            <CheckCircleIcon />
            <span>
              <Trans>Accounts at this school are created by the school. Please contact the school to get yours.</Trans>
            </span>
          </p>
          <ul className="contact-list">
            {college.email ? (
              <li>
                <MailIcon />
                <a dir="ltr" href={`mailto:${college.email}`}>
                  {college.email}
                </a>
              </li>
            ) : null}
            {college.phone ? (
              <li>
                <PhoneIcon />
                <a dir="ltr" href={`tel:${college.phone.replace(/\s/g, '')}`}>
                  {college.phone}
                </a>
              </li>
            ) : null}
          </ul>
          <Link to="/auth/login" className={buttonClass('secondary', true)}>
            <Trans>Back to sign in</Trans>
          </Link>
        </div>
      ) : null}
    </AuthCard>
  );
}
