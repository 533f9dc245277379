import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { smtpSettingsInput, smtpTestInput } from '../../../contract/integrations';
import { can } from '../../../contract/permissions';
import { validateWith, type FieldErrors } from '../../forms/fieldErrors';
import { describeFailure } from '../../forms/describeFailure';
import { useOnlineResource } from '../../online/useOnlineResource';
import { useSession } from '../../session/session';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { BackupStatusCard } from './BackupStatusCard';
import { DeliverySettingsCard } from './DeliverySettingsCard';
import { fetchSmtp, removeSmtp, saveSmtp, sendTestMail, type TestOutcome } from './integrationsApi';
import { MailLogList } from './MailLogList';
import { useMailLog } from './useMailLog';
import { SmtpForm, formOf, type SmtpFormValues } from './SmtpForm';
import { SsoSettingsCard } from './SsoSettingsCard';

/**
 * `/admin/integrations` (administrators): the college's SMTP server, how its members are
 * reached (delivery settings), its single sign-on and the mail log, read and written online
 * only (the forms hold a password and a client secret that must not wait in the outbox).
 */
export function IntegrationsScreen() {
  const { user } = useSession();
  if (!user || !can(user.role, 'integrations.manage')) {
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>This page is for administrators.</Trans>
      </BackTo>
    );
  }
  return <Integrations />;
}

function Integrations() {
  const { t, i18n } = useLingui();
  const smtp = useOnlineResource('smtp-settings', fetchSmtp);
  const { online } = smtp;
  // What is typed, once something is: coming back online (a new answer) must not wipe it.
  const [typed, setValues] = useState<SmtpFormValues | null>(null);
  const values = typed ?? formOf(smtp.data ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | null>(null);
  const [testTo, setTestTo] = useState(useSession().user?.email ?? '');
  const [testError, setTestError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const log = useMailLog();

  if (!online && smtp.data === undefined) {
    return (
      <section className="integrations-screen">
        <h1>
          <Trans>Integrations</Trans>
        </h1>
        <p className="card integrations-offline" role="status">
          <Trans>The SMTP settings and the mail log need a connection. Connect to the internet to see or change them.</Trans>
        </p>
      </section>
    );
  }
  if (smtp.data === undefined && smtp.state !== 'failed') return <LoadingState label={t`Loading…`} />;
  if (smtp.data === undefined) {
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        {smtp.error}{' '}
        <button type="button" className="link-button" onClick={smtp.retry}>
          <Trans>Try again</Trans>
        </button>
      </BackTo>
    );
  }

  const save = async () => {
    const body = { ...values, clear_password: values.clearPassword, password: values.replacing ? values.password : '' };
    const checked = validateWith(smtpSettingsInput, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(null);
      return;
    }
    setBusy('save');
    setErrors({});
    setFormError(null);
    try {
      const saved = await saveSmtp(checked.data);
      smtp.set(saved);
      setValues(formOf(saved));
      showToast(t`SMTP configuration saved`);
    } catch (error) {
      const failure = describeFailure(error, i18n);
      setErrors(failure.fields);
      setFormError(failure.form);
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    const checked = validateWith(smtpTestInput, { to: testTo });
    if (!checked.ok) {
      setTestError(checked.errors.to);
      return;
    }
    const { to } = checked.data;
    setTestError(undefined);
    setOutcome(null);
    setBusy('test');
    try {
      setOutcome(await sendTestMail(to));
    } catch (error) {
      const failure = describeFailure(error, i18n);
      setTestError(failure.fields.to ?? failure.form ?? undefined);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await removeSmtp();
      smtp.set(null);
      setValues(formOf(null));
      setOutcome(null);
      showToast(t`SMTP settings removed: mail is recorded in the outbox only`);
    } catch (error) {
      setFormError(describeFailure(error, i18n).form);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="integrations-screen" aria-labelledby="integrations-title">
      <h1 id="integrations-title">
        <Trans>Integrations</Trans>
      </h1>
      {!online ? (
        <p className="card integrations-offline" role="status">
          <Trans>You are offline. Saving and sending a test email need a connection.</Trans>
        </p>
      ) : null}
      <SmtpForm
        values={values}
        saved={smtp.data}
        errors={errors}
        formError={formError}
        online={online}
        busy={busy}
        onChange={(patch) => setValues((current) => ({ ...(current ?? values), ...patch }))}
        onSave={() => void save()}
        onRemove={() => void remove()}
        testTo={testTo}
        onTestTo={setTestTo}
        testError={testError}
        outcome={outcome}
        onTest={() => void test()}
      />
      <DeliverySettingsCard />
      <SsoSettingsCard />
      <BackupStatusCard />
      <MailLogList items={log.items} loading={log.loading} error={log.error} online={online} hasMore={log.hasMore} onRefresh={log.refresh} onMore={log.more} />
    </section>
  );
}
