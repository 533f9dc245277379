import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAudienceOptions } from '../../audience/useAudienceOptions';
import { StorageFullError } from '../../sync/StorageFullError';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toastStore';
import { useDocumentCategories } from './documentQueries';
import { queueUploads } from './uploadQueue';
import { UploadForm } from './UploadForm';
import { useDocumentsDb } from './useDocumentsDb';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category chosen at first (opened from a category's page). */
  categoryId?: string;
}

/**
 * "Upload documents": files are added to this device's upload queue, offline too, and
 * sent by the queue's runner when there is a network (uploadRunner.ts); UploadQueue shows them.
 */
export function UploadDialog({ open, onOpenChange, categoryId }: UploadDialogProps) {
  const { t, i18n } = useLingui();
  const db = useDocumentsDb();
  // In the library's order, as its tabs show them.
  const categories = useDocumentCategories();
  const audience = useAudienceOptions();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Upload documents`}>
      {categories && audience ? (
        <UploadForm
          categories={categories}
          audience={audience}
          initialCategoryId={categoryId}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (files, target) => {
            await queueUploads(db, files, target);
            onOpenChange(false);
            showToast(
              navigator.onLine
                ? i18n._(msg`Saved on this device. Sending it now…`)
                : i18n._(msg`Saved on this device. It will be sent when you are back online.`),
            );
          }}
          describeError={(error) => {
            if (error instanceof StorageFullError) return t`This device's storage is full. Free some space and add the files again.`;
            console.error(error);
            return t`These files could not be saved on this device. Please try again.`;
          }}
        />
      ) : (
        <Spinner label={t`Loading…`} />
      )}
    </Dialog>
  );
}
