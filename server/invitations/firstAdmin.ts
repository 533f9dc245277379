import { uuidv7 } from '../../contract/ids';
import { memberPokeKeys } from '../audience/guardians';
import { unusablePassword } from '../auth/passwords';
import { users } from '../db/schema';
import type { NewCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { inviteInWrite } from './invitationService';

/**
 * A college added with `--admin-email` (server/cli/addCollege.ts) starts with its first
 * administrator, who has no password: an invitation waits for them, and its mail leaves
 * through the invitation job once the server runs (with the college's SMTP settings, else it
 * is recorded in the mail log). The school's IT person chooses their own password from the
 * link; no password is typed on a command line or shared.
 */
export async function firstAdministrator(write: Write, college: NewCollege, now = new Date()): Promise<void> {
  const admin = college.firstAdmin;
  if (!admin) return;
  const id = uuidv7(now.getTime());
  await write.tx.insert(users).values({
    id,
    collegeId: write.collegeId,
    role: 'admin',
    status: 'active',
    name: admin.name,
    email: admin.email.toLowerCase(),
    passwordHash: unusablePassword,
    createdAt: now,
    updatedAt: now,
    seq: write.stamp(memberPokeKeys(id)),
  });
  await inviteInWrite(write, { actor: null, site: admin.site, now }, { memberIds: [id] });
}
