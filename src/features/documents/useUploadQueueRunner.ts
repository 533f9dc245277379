import { useEffect } from 'react';
import { documentUploadsPath } from '../../../contract/documentFiles';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { readToken } from '../../storage/tokenStorage';
import { leadUploadQueue } from './uploadRunner';
import { useDocumentsDb } from './useDocumentsDb';

/**
 * Sends this device's upload queue while mounted (uploadRunner.ts): in one tab at a time
 * (a Web Lock; the others wait and take over when it closes), and only for members who may
 * publish documents — nobody else has a queue, and the server would refuse it.
 */
export function useUploadQueueRunner(): void {
  const db = useDocumentsDb();
  const { user } = useSession();
  const mayUpload = can(user?.role, 'content.publish');
  useEffect(() => {
    if (!mayUpload) return;
    const stop = leadUploadQueue(db, { endpoint: new URL(documentUploadsPath, window.location.origin).href, getToken: readToken });
    return () => void stop();
  }, [db, mayUpload]);
}
