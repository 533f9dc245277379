import { useLiveQuery } from 'dexie-react-hooks';
import { useOnline } from '../../ui/useOnline';
import { removeUpload, retryUpload } from './uploadQueue';
import { UploadQueueView } from './UploadQueueView';
import { useDocumentsDb } from './useDocumentsDb';

/**
 * This device's uploads with their progress, read live from the queue's table: every tab
 * shows what the one sending them writes there (uploadRunner.ts). Nothing when it is empty.
 */
export function UploadQueue() {
  const db = useDocumentsDb();
  const online = useOnline();
  const uploads = useLiveQuery(() => db.uploads.orderBy('createdAt').toArray(), [db]);
  return <UploadQueueView uploads={uploads ?? []} online={online} onRetry={(id) => void retryUpload(db, id)} onRemove={(id) => void removeUpload(db, id)} />;
}
