import { useLiveQuery } from 'dexie-react-hooks';
import { useOnline } from '../../ui/useOnline';
import { ownersWaiting, removeUpload, retryUpload } from './uploadQueue';
import { UploadQueueView } from './UploadQueueView';
import { useDocumentsDb } from './useDocumentsDb';

/**
 * This device's uploads with their progress, read live from the queue's table: every tab
 * shows what the one sending them writes there (uploadRunner.ts), and which attachments
 * wait for their post or event to be sent first (from the outbox). Nothing when it is empty.
 */
export function UploadQueue() {
  const db = useDocumentsDb();
  const online = useOnline();
  const read = useLiveQuery(async () => {
    const uploads = await db.uploads.orderBy('createdAt').toArray();
    return { uploads, waitingOwners: await ownersWaiting(db, uploads) };
  }, [db]);
  return (
    <UploadQueueView
      uploads={read?.uploads ?? []}
      waitingOwners={read?.waitingOwners}
      online={online}
      onRetry={(id) => void retryUpload(db, id)}
      onRemove={(id) => void removeUpload(db, id)}
    />
  );
}
