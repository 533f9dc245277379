import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { DocumentCategory, DocumentRow } from '../../../contract/documents';
import { useOnline } from '../../ui/useOnline';
import { fileFailureText } from './keepFailure';
import { setDeviceFull, useDeviceFull, useKeepProgress } from './keepProgress';
import { canKeepFiles, keepCategory, keepDocument, removeKeptCategory, removeKeptDocument } from './keptFiles';
import { KeepCategoryView, KeepDocumentView } from './KeepToggleView';
import { useDocumentsDb } from './useDocumentsDb';
import { useKeptCategory, useKeptFile, useSlowNetwork } from './useKeptFiles';

export type KeepToggleProps = { document: DocumentRow; category?: undefined } | { category: DocumentCategory; document?: undefined };

/**
 * Keep on this device, or remove, for one document or (with `category`) a whole category
 * (docs/features/documents.md, "Files kept on a device"), with the download's progress and what went wrong ("This
 * device is full…"). Nothing where the browser cannot keep files (no Cache Storage).
 */
export function KeepToggle(props: KeepToggleProps) {
  if (!canKeepFiles()) return null;
  return props.document ? <KeepDocumentToggle document={props.document} /> : <KeepCategoryToggle category={props.category} />;
}

function KeepDocumentToggle({ document }: { document: DocumentRow }) {
  const { i18n } = useLingui();
  const db = useDocumentsDb();
  const state = useKeptFile(document.id);
  const progress = useKeepProgress(document.id);
  const [failure, setFailure] = useState<string | null>(null);
  const download = useRef<AbortController | null>(null);
  const [downloading, setDownloading] = useState(false);
  // Leaving the screen cancels a download started here (a kept category's goes on).
  useEffect(() => () => download.current?.abort(), []);

  const keep = () => {
    const controller = new AbortController();
    download.current = controller;
    setFailure(null);
    setDownloading(true);
    keepDocument(db, document, { signal: controller.signal })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(fileFailureText(i18n, error, 'keep'));
      })
      .finally(() => {
        if (download.current === controller) download.current = null;
        setDownloading(false);
      });
  };
  const remove = () => {
    setFailure(null);
    removeKeptDocument(db, document.id).catch((error: unknown) => setFailure(fileFailureText(i18n, error, 'keep')));
  };

  if (!state) return null;
  return (
    <KeepDocumentView
      title={document.title}
      state={state}
      progress={progress ?? (downloading ? { received: 0, total: document.size } : null)}
      failure={failure}
      onKeep={keep}
      onRemove={remove}
      onCancel={downloading ? () => download.current?.abort() : undefined}
    />
  );
}

function KeepCategoryToggle({ category }: { category: DocumentCategory }) {
  const { i18n } = useLingui();
  const db = useDocumentsDb();
  const state = useKeptCategory(category.id);
  const full = useDeviceFull();
  const slow = useSlowNetwork();
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const act = (change: Promise<void>) => {
    setFailure(null);
    change.catch((error: unknown) => setFailure(fileFailureText(i18n, error, 'keep')));
  };

  if (!state) return null;
  return (
    <KeepCategoryView
      name={category.name}
      state={state}
      waitingFor={full ? 'room' : !online ? 'connection' : slow && !state.kept?.evenOnSlowNetwork ? 'faster network' : null}
      failure={failure}
      onKeep={() => act(keepCategory(db, category.id))}
      onRemove={() => act(removeKeptCategory(db, category.id))}
      onEvenOnSlowNetwork={() => act(keepCategory(db, category.id, { evenOnSlowNetwork: true }))}
      onRetry={() => setDeviceFull(false)}
    />
  );
}
