import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { DocumentCategory } from '../../../contract/documents';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { IconButton } from '../../ui/IconButton';
import { TrashIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { createDocumentCategory, deleteDocumentCategory, updateDocumentCategory } from './documentWrites';
import { useDocumentsDb } from './useDocumentsDb';
import { saveOnDevice } from '../../forms/localSave';

export interface ManageCategoriesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: readonly DocumentCategory[];
  counts: ReadonlyMap<string, number> | undefined;
}

/**
 * The library's categories, for admins: add one, rename, move up or down, delete an empty
 * one. Each change goes through the outbox, so this works offline like any other change.
 */
export function ManageCategoriesDialog({ open, onOpenChange, categories, counts }: ManageCategoriesDialogProps) {
  const { t, i18n } = useLingui();
  const db = useDocumentsDb();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (change: () => Promise<unknown>) => {
    await saveOnDevice(change, i18n);
  };
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t`Name the category.`);
      return;
    }
    setError(null);
    void run(async () => {
      await createDocumentCategory(db, { name });
      setName('');
    });
  };
  /** Swaps a category with the one above (-1) or below (1). */
  const move = (index: number, by: -1 | 1) => {
    const low = Math.min(index, index + by);
    const lower = categories[low];
    const higher = categories[low + 1];
    if (!lower || !higher) return;
    void run(async () => {
      // Positions may repeat (equal positions sort by name): give both distinct ones.
      await updateDocumentCategory(db, { id: higher.id, name: higher.name, position: low });
      await updateDocumentCategory(db, { id: lower.id, name: lower.name, position: low + 1 });
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Document categories`}>
      <ol className="category-manager">
        {categories.map((category, index) => (
          <CategoryRow
            key={category.id}
            category={category}
            count={counts?.get(category.id) ?? 0}
            first={index === 0}
            last={index === categories.length - 1}
            onRename={(newName) => void run(() => updateDocumentCategory(db, { id: category.id, name: newName, position: category.position }))}
            onMove={(by) => move(index, by)}
            onDelete={() => void run(() => deleteDocumentCategory(db, category.id))}
          />
        ))}
      </ol>
      <form className="category-add" onSubmit={onAdd} noValidate>
        <TextField
          label={t`New category`}
          name="name"
          value={name}
          maxLength={80}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit">
          <Trans>Add category</Trans>
        </Button>
      </form>
    </Dialog>
  );
}

function CategoryRow(props: {
  category: DocumentCategory;
  count: number;
  first: boolean;
  last: boolean;
  onRename: (name: string) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { category, count, first, last, onRename, onMove, onDelete } = props;
  const { t } = useLingui();
  const [name, setName] = useState(category.name);
  const categoryName = category.name;
  const changed = name.trim() !== '' && name.trim() !== category.name;
  return (
    <li className="category-manager-row">
      <form
        className="category-manager-name"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) onRename(name);
        }}
      >
        <TextField label={t`Name`} name="name" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        {changed ? (
          <Button type="submit" variant="secondary">
            <Trans>Rename</Trans>
          </Button>
        ) : null}
      </form>
      <span className="muted category-manager-count">
        <Plural value={count} one="# document" other="# documents" />
      </span>
      <div className="category-manager-actions">
        <Button variant="secondary" disabled={first} onClick={() => onMove(-1)} aria-label={t`Move ${categoryName} up`}>
          ↑
        </Button>
        <Button variant="secondary" disabled={last} onClick={() => onMove(1)} aria-label={t`Move ${categoryName} down`}>
          ↓
        </Button>
        {/* The server refuses a category with documents: only an empty one can go. */}
        <IconButton
          label={count > 0 ? t`${categoryName} has documents: move or delete them first` : t`Delete ${categoryName}`}
          disabled={count > 0}
          onClick={onDelete}
        >
          <TrashIcon />
        </IconButton>
      </div>
    </li>
  );
}
