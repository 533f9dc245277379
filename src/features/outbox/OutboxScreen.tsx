import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { can } from '../../../contract/permissions';
import type { OutboxEntry } from '../../db/database';
import { useDb } from '../../db/DbProvider';
import { useSession } from '../../session/session';
import { discard, resend, useOutbox } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { showToast } from '../../ui/toastStore';
import { OutboxView } from './OutboxView';

/** `/app/outbox`: every unsent change, and the refused ones to fix, retry or discard. */
export function OutboxScreen() {
  const { t } = useLingui();
  const db = useDb();
  const { user } = useSession();
  const entries = useOutbox();
  usePageMeta(t`Changes not sent`);
  // The titles of the posts the changes touch (a delete or a view carries only an id).
  const postIdsKey = Array.from(new Set(entries.filter((e) => e.entity === 'posts' || e.entity === 'viewedPosts').map((e) => e.entityId))).join(' ');
  const titles = useLiveQuery(async () => {
    const rows = await db.posts.bulkGet(postIdsKey ? postIdsKey.split(' ') : []);
    return new Map(rows.flatMap((row) => (row ? [[row.id, row.title] as const] : [])));
  }, [db, postIdsKey]);

  const fail = (error: unknown) => {
    console.error(error);
    showToast(t`Something went wrong. Please try again.`, 'error');
  };
  const onResend = (entry: OutboxEntry) => {
    if (entry.seq !== undefined) resend(db, entry.seq, entry.args).catch(fail);
  };
  const onDiscard = (entry: OutboxEntry) => {
    if (entry.seq !== undefined) discard(db, entry.seq).catch(fail);
  };

  return (
    <OutboxView
      entries={entries}
      titles={titles ?? new Map<string, string>()}
      canFix={can(user?.role, 'content.publish')}
      onResend={onResend}
      onDiscard={onDiscard}
    />
  );
}
