import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import { databaseName, PatioDb } from '../../../src/db/database';
import { countUnsent } from '../../../src/db/lifecycle';
import { localSchema } from '../../../src/db/localSchema';
import { documentsDb, type DocumentUpload } from '../../../src/features/documents/documentsDb';
import { dataModules } from '../../../src/registry/dataModules';

describe('a queued upload is work not sent yet', () => {
  it('counts with the unsent changes, so a forced sign-out keeps the database and the sign-out warns', async () => {
    const userId = uuidv7();
    const db = documentsDb(new PatioDb(databaseName('colinas', userId), dataModules));
    const upload: DocumentUpload = {
      id: uuidv7(),
      file: new Blob(['%PDF-1.4']),
      name: 'Circular.pdf',
      size: 8,
      category_id: uuidv7(),
      audience: { scope: 'college', course_ids: [], grade_ids: [], section_ids: [] },
      createdAt: new Date().toISOString(),
      sent: 0,
      state: 'queued',
    };
    await db.uploads.add(upload);
    db.close();
    const { unsentTables } = localSchema(dataModules);
    expect(unsentTables).toEqual(['uploads']);
    expect(await countUnsent('colinas', userId, unsentTables)).toBe(1);
    expect(await countUnsent('colinas', userId)).toBe(0);
  });
});
