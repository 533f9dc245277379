import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Category } from '../../../contract/posts';
import { usePendingStates } from '../../sync/hooks';
import { AddItemForm, EditNameDialog, ManagedRow } from '../../ui/ManagedList';
import { archiveCategory, createCategory, moveCategory, renameCategory } from './categoryWrites';
import { usePostsDb } from './usePostsDb';
import { saveOnDevice } from '../../forms/localSave';

/**
 * The post categories on the administrators' structure screen (UiModule.structure): add,
 * rename, reorder, archive or bring back. Archived ones keep their posts and show only
 * with the screen's "Show archived" (`?archived=1`).
 */
export function CategoriesAdmin() {
  const { t, i18n } = useLingui();
  const db = usePostsDb();
  const [params] = useSearchParams();
  const showArchived = params.get('archived') === '1';
  const all = useLiveQuery(() => db.categories.orderBy('position').toArray(), [db]);
  const pending = usePendingStates('categories');
  const [renaming, setRenaming] = useState<Category | null>(null);
  if (!all) return null;
  const shown = all.filter((category) => showArchived || category.archived !== true);
  const run = async (change: () => Promise<unknown>) => {
    await saveOnDevice(change, i18n);
  };
  return (
    <section className="managed-section" aria-labelledby="structure-categories">
      <h2 id="structure-categories">
        <Trans>Post categories</Trans>
      </h2>
      <ul className="managed-list">
        {shown.map((category, index) => (
          <ManagedRow
            key={category.id}
            name={category.name}
            archived={category.archived === true}
            state={pending.get(category.id)}
            move={{ first: index === 0, last: index === shown.length - 1, onMove: (by) => void run(() => moveCategory(db, shown, category.id, by)) }}
            onEdit={() => setRenaming(category)}
            onArchive={(archived) => void run(() => archiveCategory(db, category.id, archived))}
          />
        ))}
      </ul>
      <AddItemForm label={t`New post category`} button={t`Add category`} onAdd={(name) => run(() => createCategory(db, name))} />
      {renaming ? (
        <EditNameDialog
          title={t`Rename post category`}
          initialName={renaming.name}
          onClose={() => setRenaming(null)}
          onSave={(name) => void run(() => renameCategory(db, renaming.id, name))}
        />
      ) : null}
    </section>
  );
}
