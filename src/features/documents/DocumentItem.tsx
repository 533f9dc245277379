import { Plural, useLingui } from '@lingui/react/macro';
import { memo, type ReactNode } from 'react';
import type { DocumentRow } from '../../../contract/documents';
import { formatShortDate } from '../../i18n/formatDate';
import { IconButton } from '../../ui/IconButton';
import { TrashIcon } from '../../ui/icons';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { formatFileSize } from '../../ui/fileFormat';
import { documentKind } from './documentFormat';

export interface DocumentItemProps {
  document: DocumentRow;
  /** The category's name, in the list of all documents. */
  categoryName?: string | undefined;
  syncState?: ItemSyncState | undefined;
  onOpen: (document: DocumentRow) => void;
  /** Offered to its author among staff, and to admins. */
  onDelete?: ((document: DocumentRow) => void) | undefined;
  /** Whether the file is on this device, with the keep / remove control (KeepToggle). */
  keepControl?: ReactNode;
}

/**
 * One document of the library: its name (opens it), what kind of file it is and how big,
 * when it came, how many members opened it, and whether it is on this device.
 */
export const DocumentItem = memo(function DocumentItem({ document, categoryName, syncState, onOpen, onDelete, keepControl }: DocumentItemProps) {
  const { t, i18n } = useLingui();
  const kind = documentKind(i18n, document.mime_type);
  const size = formatFileSize(document.size, i18n.locale);
  const title = document.title;
  return (
    <article className="document-item" aria-labelledby={`document-${document.id}`}>
      <span className={`document-tag document-tag-${kind.tag.toLowerCase()}`} aria-hidden="true">
        {kind.tag}
      </span>
      <div className="document-main">
        <h2 className="document-title" id={`document-${document.id}`}>
          <button type="button" className="document-open" dir="auto" onClick={() => onOpen(document)}>
            {document.title}
          </button>
        </h2>
        <p className="document-meta muted">
          <span>{kind.label}</span>
          <span>{size}</span>
          <span>
            <time dateTime={document.created_at}>{formatShortDate(document.created_at, i18n.locale)}</time>
          </span>
          {categoryName ? (
            <span dir="auto" title={categoryName}>
              {categoryName}
            </span>
          ) : null}
          <span>
            <Plural value={document.downloads} one="# download" other="# downloads" />
          </span>
        </p>
        {syncState ? (
          <p className="document-state">
            <SyncStateBadge state={syncState} />
          </p>
        ) : null}
      </div>
      <div className="document-actions">
        {keepControl}
        {onDelete ? (
          <IconButton label={t`Delete ${title}`} onClick={() => onDelete(document)}>
            <TrashIcon />
          </IconButton>
        ) : null}
      </div>
    </article>
  );
});
