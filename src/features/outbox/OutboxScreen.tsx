import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import type { OutboxEntry } from '../../db/database';
import { useDb } from '../../db/DbProvider';
import { presenterOf } from '../../modules/uiModule';
import { useUiModules } from '../../modules/UiModules';
import { useSession } from '../../session/session';
import { discard, resend, useOutboxRead } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { showToast } from '../../ui/toastStore';
import { OutboxView } from './OutboxView';

/**
 * `/app/outbox`: every unsent change, and the refused ones to fix, retry or discard;
 * `sections`, the features' other unsent work (src/modules/uiModule.ts `unsent`).
 */
export function OutboxScreen({ sections }: { sections?: ReactNode }) {
  const { t } = useLingui();
  const db = useDb();
  const navigate = useNavigate();
  const { user } = useSession();
  // Until the database answers nothing is known: "Everything has been sent." would be a guess.
  const read = useOutboxRead();
  const entries = read ?? [];
  const modules = useUiModules();
  usePageMeta(t`Changes not sent`);
  // The titles of the rows the changes touch (a delete carries only an id), from their modules.
  const touched = entries.map((entry) => `${entry.name} ${entry.entityId}`).join('\n');
  const titles = useLiveQuery(async () => {
    const found = new Map<string, string>();
    for (const module of modules) {
      const mine = entries.filter((entry) => presenterOf([module], entry));
      if (mine.length === 0 || !module.outbox?.titles) continue;
      for (const [id, title] of await module.outbox.titles(db, mine)) found.set(id, title);
    }
    return found;
  }, [db, modules, touched]);

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

  const onKeepAsNew = (entry: OutboxEntry) => {
    const keepAsNew = presenterOf(modules, entry)?.keepAsNew;
    if (!keepAsNew) return;
    keepAsNew
      .keep(db, entry)
      .then(async (href) => {
        if (href) await navigate(href);
      })
      .catch(fail);
  };

  return (
    <OutboxView
      entries={entries}
      loading={read === undefined}
      titles={titles ?? new Map<string, string>()}
      canFix={can(user?.role, 'content.publish')}
      onResend={onResend}
      onDiscard={onDiscard}
      onKeepAsNew={onKeepAsNew}
      sections={sections}
    />
  );
}
