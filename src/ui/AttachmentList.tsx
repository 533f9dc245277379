import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { attachmentFileUrl, opensInBrowser } from '../../contract/attachmentFiles';
import type { Attachment } from '../../contract/attachments';
import { fileKind, formatFileSize } from './fileFormat';
import { FileIcon } from './icons';
import './attachmentList.css';

export interface AttachmentListProps {
  attachments: readonly Attachment[] | undefined;
  /** Under a page's title (h1): 2; inside a dialog titled with an h2: 3. */
  headingLevel?: 2 | 3;
}

/**
 * The files of a post or an event, under its text: the name (opens it), its kind and size.
 * PDFs and images open in a new tab; other files are saved with their real name (the
 * server's `Content-Disposition`). The link is read with the session's cookie (docs/features/documents.md,
 * "Attachments of posts and events"), as a navigation sends no header.
 */
export function AttachmentList({ attachments, headingLevel = 2 }: AttachmentListProps) {
  const { i18n } = useLingui();
  const headingId = useId();
  if (!attachments || attachments.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="attachments" aria-labelledby={headingId}>
      <Heading className="attachments-title" id={headingId}>
        <Trans>Attachments</Trans>
      </Heading>
      <ul className="attachment-list">
        {attachments.map((file) => {
          const opens = opensInBrowser(file.mime_type);
          return (
            <li key={file.id} className="attachment-item">
              <FileIcon className="icon attachment-icon" />
              <span className="attachment-text">
                <a
                  className="attachment-link"
                  href={attachmentFileUrl(file.id, { inline: opens })}
                  dir="auto"
                  {...(opens ? { target: '_blank', rel: 'noopener' } : { download: file.name })}
                >
                  {file.name}
                </a>
                <span className="attachment-facts">
                  <span>{fileKind(i18n, file.mime_type)}</span>
                  <span>{formatFileSize(file.size, i18n.locale)}</span>
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
