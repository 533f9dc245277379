import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { DocumentRow } from '../../../contract/documents';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePendingStates, useSyncStatus } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { UploadIcon } from '../../ui/icons';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { DocumentItem } from './DocumentItem';
import { fileFailureText } from './keepFailure';
import { KeepToggle } from './KeepToggle';
import { StoragePanel } from './StoragePanel';
import { UploadDialog } from './UploadDialog';
import { UploadQueue } from './UploadQueue';
import { useDocumentCategories, useDocumentCounts, useDocuments } from './documentQueries';
import { deleteDocument } from './documentWrites';
import { LibraryView } from './LibraryView';
import { ManageCategoriesDialog } from './ManageCategoriesDialog';
import { openDocument } from './openDocument';
import { useDocumentsDb } from './useDocumentsDb';
import { saveOnDevice } from '../../forms/localSave';

/** `/documentos` (every document) and `/documentos/:category` (a category's id), `?q=` searches names. */
export function LibraryScreen() {
  const { t, i18n } = useLingui();
  const db = useDocumentsDb();
  const navigate = useNavigate();
  const { category: categoryId = null } = useParams();
  const [params] = useSearchParams();
  const search = params.get('q') ?? '';
  const { user } = useSession();
  const { firstSyncPending } = useSyncStatus();
  const categories = useDocumentCategories();
  const counts = useDocumentCounts();
  const documents = useDocuments(categoryId, search);
  const pendingStates = usePendingStates('documents');
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);
  const [managing, setManaging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const category = categoryId ? (categories?.find((item) => item.id === categoryId) ?? null) : null;
  usePageMeta(category?.name ?? t`Documents`);

  const onSearch = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      const path = categoryId ? `/documentos/${categoryId}` : '/documentos';
      void navigate(`${path}${trimmed ? `?q=${encodeURIComponent(trimmed)}` : ''}`, { replace: true });
    },
    [navigate, categoryId],
  );
  const onOpen = useCallback(
    (document: DocumentRow) => {
      openDocument(db, document).catch((error: unknown) => showToast(fileFailureText(i18n, error, 'open'), 'error'));
    },
    [db, i18n],
  );
  const mayDelete = (document: DocumentRow) => user?.role === 'admin' || (can(user?.role, 'content.publish') && document.author_id === user?.id);
  const onDelete = useCallback((document: DocumentRow) => setDeleting(document), []);

  const confirmDelete = async (document: DocumentRow) => {
    if (await saveOnDevice(() => deleteDocument(db, document), i18n, t`The document could not be deleted. Please try again.`)) showToast(t`Document deleted`);
  };

  if (categories === undefined) return <LoadingState label={t`Loading…`} />;
  if (categoryId && !category) {
    if (firstSyncPending) return <LoadingState label={t`Downloading the library…`} />;
    return (
      <BackTo to="/documentos" linkLabel={<Trans>See all documents</Trans>}>
        <Trans>This category does not exist.</Trans>
      </BackTo>
    );
  }
  const names = new Map(categories.map((item) => [item.id, item.name]));
  const deletingTitle = deleting?.title ?? '';
  const manage = can(user?.role, 'documents.categories.manage');
  const publish = can(user?.role, 'content.publish');

  return (
    <>
      <LibraryView
        categories={categories}
        category={category}
        documents={documents}
        counts={counts}
        search={search}
        onSearch={onSearch}
        initialSync={firstSyncPending}
        actions={
          <>
            {manage ? (
              <Button variant="secondary" onClick={() => setManaging(true)}>
                <Trans>Categories</Trans>
              </Button>
            ) : null}
            {publish ? (
              <Button onClick={() => setUploading(true)}>
                <UploadIcon />
                <Trans>Upload documents</Trans>
              </Button>
            ) : null}
          </>
        }
        before={
          <>
            {publish ? <UploadQueue /> : null}
            {category ? <KeepToggle category={category} /> : null}
          </>
        }
        after={categoryId ? null : <StoragePanel />}
        renderDocument={(document) => (
          <DocumentItem
            document={document}
            categoryName={category ? undefined : names.get(document.category_id)}
            syncState={pendingStates.get(document.id)}
            onOpen={onOpen}
            onDelete={mayDelete(document) ? onDelete : undefined}
            keepControl={<KeepToggle document={document} />}
          />
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this document?`}
        description={deleting ? <Trans>“{deletingTitle}” will be removed for everyone, and from every device that keeps it.</Trans> : null}
        confirmLabel={t`Delete`}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
      {publish ? <UploadDialog open={uploading} onOpenChange={setUploading} {...(category ? { categoryId: category.id } : {})} /> : null}
      {manage ? <ManageCategoriesDialog open={managing} onOpenChange={setManaging} categories={categories} counts={counts} /> : null}
    </>
  );
}
