import './managedList.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { SyncStateBadge, type ItemSyncState } from './SyncStateBadge';
import { TextField } from './TextField';

/**
 * Lists an administrator manages (the college's structure, post categories): a row per
 * item with its name, an "Archived" badge, its unsent state, move up/down, edit and
 * archive/restore; a form that adds one; a dialog that renames. Shared so every admin list
 * looks and behaves the same, whichever feature owns the rows.
 */

export interface ManagedRowProps {
  name: string;
  /** A second line (a place's address, a section's place). */
  detail?: ReactNode;
  archived: boolean;
  state?: ItemSyncState | null | undefined;
  /** Up/down: absent for lists without an order. */
  move?: { first: boolean; last: boolean; onMove: (by: -1 | 1) => void };
  onEdit: () => void;
  onArchive: (archived: boolean) => void;
  /** Nested lists (a course's grades, a grade's sections). */
  children?: ReactNode;
}

export function ManagedRow({ name, detail, archived, state, move, onEdit, onArchive, children }: ManagedRowProps) {
  const { t } = useLingui();
  return (
    <li className={`managed-row ${archived ? 'managed-row-archived' : ''}`}>
      <div className="managed-row-main">
        <div className="managed-row-text">
          <span className="managed-row-name" dir="auto">
            {name}
          </span>
          {archived ? (
            <span className="managed-badge">
              <Trans>Archived</Trans>
            </span>
          ) : null}
          <SyncStateBadge state={state} />
          {detail ? <span className="managed-row-detail muted">{detail}</span> : null}
        </div>
        <div className="managed-row-actions">
          {move ? (
            <>
              <Button
                variant="ghost"
                className="managed-move"
                disabled={move.first}
                onClick={() => move.onMove(-1)}
                aria-label={t`Move ${name} up`}
                title={t`Move ${name} up`}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                className="managed-move"
                disabled={move.last}
                onClick={() => move.onMove(1)}
                aria-label={t`Move ${name} down`}
                title={t`Move ${name} down`}
              >
                ↓
              </Button>
            </>
          ) : null}
          <Button variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          <Button variant="secondary" onClick={() => onArchive(!archived)} aria-label={archived ? t`Restore ${name}` : t`Archive ${name}`}>
            {archived ? <Trans>Restore</Trans> : <Trans>Archive</Trans>}
          </Button>
        </div>
      </div>
      {children}
    </li>
  );
}

/** A one-field form that adds an item ("New section" + "Add"). */
export function AddItemForm({ label, button, onAdd }: { label: string; button: string; onAdd: (name: string) => Promise<void> }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t`The name is required.`);
      return;
    }
    setError(undefined);
    void onAdd(name.trim()).then(() => setName(''));
  };
  return (
    <form className="managed-add" onSubmit={submit} noValidate>
      <TextField label={label} name="name" value={name} maxLength={80} valueDir="auto" error={error} onChange={(event) => setName(event.target.value)} />
      <Button type="submit" variant="secondary">
        {button}
      </Button>
    </form>
  );
}

/**
 * A small dialog that edits an item's name (and, through `children`, its other fields),
 * shown while `open`; saving calls `onSave` with the trimmed name.
 */
export function EditNameDialog(props: { title: string; initialName: string; onSave: (name: string) => void; onClose: () => void; children?: ReactNode }) {
  const { title, initialName, onSave, onClose, children } = props;
  const { t } = useLingui();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t`The name is required.`);
      return;
    }
    onSave(name.trim());
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form className="managed-edit" onSubmit={submit} noValidate>
        <TextField
          label={t`Name`}
          name="name"
          value={name}
          maxLength={80}
          valueDir="auto"
          error={error}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
        {children}
        <div className="managed-edit-actions">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
