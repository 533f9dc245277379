import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { smtpSettingsInput, smtpTestInput, type MailLogItem, type SmtpSettingsView } from '../../../contract/integrations';
import { can } from '../../../contract/permissions';
import { validateWith, type FieldErrors } from '../../forms/fieldErrors';
import { describeFailure } from '../../forms/describeFailure';
import { useSession } from '../../session/session';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { useOnline } from '../../ui/useOnline';
import { DeliverySettingsCard } from './DeliverySettingsCard';
import { fetchMailLog, fetchSmtp, removeSmtp, saveSmtp, sendTestMail, type TestOutcome } from './integrationsApi';
import { MailLogList } from './MailLogList';
import { SmtpForm, formOf, type SmtpFormValues } from './SmtpForm';
import { SsoSettingsCard } from './SsoSettingsCard';

type Load = { status: 'loading' } | { status: 'ready'; saved: SmtpSettingsView | null } | { status: 'failed'; error: string };

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
  const online = useOnline();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState<SmtpFormValues>(formOf(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | null>(null);
  const [testTo, setTestTo] = useState(useSession().user?.email ?? '');
  const [testError, setTestError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [log, setLog] = useState<{ items: MailLogItem[]; next: string | null; loading: boolean; error: string | null }>({
    items: [],
    next: null,
    loading: true,
    error: null,
  });

  // Read once (and again on "Try again"): coming back online must not wipe what is typed.
  const loaded = useRef(false);
  useEffect(() => {
    if (!online || loaded.current) return;
    const controller = new AbortController();
    fetchSmtp(controller.signal).then(
      (saved) => {
        loaded.current = true;
        setLoad({ status: 'ready', saved });
        setValues(formOf(saved));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error: describeFailure(error, i18n).form ?? '' });
      },
    );
    return () => controller.abort();
  }, [online, attempt, i18n]);

  /** Fetches a page of the log (the first one when `cursor` is null); state changes in its callbacks only. */
  const loadLog = useCallback(
    (cursor: string | null, signal?: AbortSignal) => {
      fetchMailLog(cursor, signal).then(
        (page) => setLog((current) => ({ items: cursor ? [...current.items, ...page.items] : page.items, next: page.next, loading: false, error: null })),
        (error: unknown) => {
          if (!signal?.aborted) setLog((current) => ({ ...current, loading: false, error: describeFailure(error, i18n).form }));
        },
      );
    },
    [i18n],
  );
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    loadLog(null, controller.signal);
    return () => controller.abort();
  }, [online, loadLog]);
  const refreshLog = (cursor: string | null = null) => {
    setLog((current) => ({ ...current, loading: true, error: null }));
    loadLog(cursor);
  };

  if (!online && load.status !== 'ready') {
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
  if (load.status === 'loading') return <LoadingState label={t`Loading…`} />;
  if (load.status === 'failed') {
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        {load.error}{' '}
        <button type="button" className="link-button" onClick={() => (setLoad({ status: 'loading' }), setAttempt((n) => n + 1))}>
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
      setLoad({ status: 'ready', saved });
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
      setLoad({ status: 'ready', saved: null });
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
        saved={load.saved}
        errors={errors}
        formError={formError}
        online={online}
        busy={busy}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
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
      <MailLogList
        items={log.items}
        loading={log.loading}
        error={log.error}
        online={online}
        hasMore={log.next !== null}
        onRefresh={() => refreshLog()}
        onMore={() => refreshLog(log.next)}
      />
    </section>
  );
}
