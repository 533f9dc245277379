import { uuidv7 } from '../../../contract/ids';
import type { DataExportRow, PrivacySettingsFields, PrivacySettingsRow } from '../../../contract/privacy';
import { mutate } from '../../sync/mutate';
import type { PrivacyDb } from './privacyDb';

/**
 * `privacy.requestExport` through the outbox: the request shows at once as "asked" (offline
 * too) and is sent when the device is online; the server's versions of the row (preparing,
 * ready…) come back through sync.
 */
export async function requestExport(
  db: PrivacyDb,
  me: { id: string },
  member: { id: string; name: string },
  now = new Date(),
): Promise<{ id: string; seq: number }> {
  const id = uuidv7(now.getTime());
  const row: DataExportRow = {
    id,
    member_id: member.id,
    member_name: member.name,
    requested_by: me.id,
    state: 'asked',
    requested_at: now.toISOString(),
    ready_at: null,
    expires_at: null,
    size: null,
  };
  // The member's name rides along for the outbox's label when it is someone else's data (the server ignores it).
  const args = member.id === me.id ? { id, member_id: member.id } : { id, member_id: member.id, name: member.name };
  const seq = await mutate(db, { name: 'privacy.requestExport', args, entity: 'dataExports', entityId: id }, async () => {
    await db.dataExports.add(row);
  });
  return { id, seq };
}

/** `privacy.setSettings` through the outbox; the row's id is the college's (one per college). */
export function setPrivacySettings(db: PrivacyDb, collegeId: string, settings: PrivacySettingsFields, now = new Date()): Promise<number> {
  const row: PrivacySettingsRow = { id: collegeId, ...settings, updated_at: now.toISOString() };
  return mutate(db, { name: 'privacy.setSettings', args: settings, entity: 'privacySettings', entityId: collegeId }, async () => {
    await db.privacySettings.put(row);
  });
}

/**
 * `privacy.erase` through the outbox. Nothing changes on this device before the server has
 * done it: the member's row and what they wrote change (or go) when sync brings the server's
 * versions, so a refusal leaves nothing to undo.
 */
export function eraseMember(db: PrivacyDb, member: { id: string; name: string }): Promise<number> {
  return mutate(db, { name: 'privacy.erase', args: { member_id: member.id, name: member.name }, entity: 'members', entityId: member.id }, () =>
    Promise.resolve(),
  );
}
