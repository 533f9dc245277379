import { Trans, useLingui } from '@lingui/react/macro';
import type { MessengerRulesFields } from '../../../contract/messengerRules';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { setMessengerRules } from './messengerRulesWrites';
import { MessengerRulesView } from './MessengerRulesView';
import { useMessengerDb } from './useMessengerDb';
import { useMessengerRules } from './useMessengerRules';
import { saveOnDevice } from '../../forms/localSave';

/**
 * `/admin/messenger/rules` (`messenger.rules.manage`): the school's rule of who may write to
 * whom, read from the device (it is synced to every member) and saved through the outbox.
 */
export function MessengerRulesScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const db = useMessengerDb();
  const rules = useMessengerRules();
  usePageMeta(t`Who may write to whom`);
  if (!can(user?.role, 'messenger.rules.manage')) {
    return (
      <BackTo to="/messenger" linkLabel={<Trans>Back to messages</Trans>}>
        <Trans>Only administrators can set who may write to whom.</Trans>
      </BackTo>
    );
  }
  if (!rules || !user) return <LoadingState label={t`Loading…`} />;
  const save = async (next: MessengerRulesFields) => {
    if (await saveOnDevice(() => setMessengerRules(db, user.college_id, next), i18n)) showToast(t`Saved. Every device follows the new rule once it syncs.`);
  };
  return (
    <div className="page messenger-rules-page">
      <header className="page-header">
        <h1>
          <Trans>Who may write to whom</Trans>
        </h1>
      </header>
      {/* A new rule from the server (another administrator) starts the form again from it. */}
      <MessengerRulesView key={JSON.stringify(rules)} rules={rules} onSave={save} />
    </div>
  );
}
