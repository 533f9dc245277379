import { eq } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { hashPassword } from '../auth/passwords';
import { demoPassword } from '../db/demoData';
import { users } from '../db/schema';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';

/** The demo PIN (README "Demo accounts"; docs/features/members.md). */
export const demoPin = '1234';

let hashes: Promise<{ pin: string; password: string }> | null = null;
// One argon2 hash of each for every demo college, as the core seed does for passwords.
const demoHashes = () => (hashes ??= Promise.all([hashPassword(demoPin), hashPassword(demoPassword)]).then(([pin, password]) => ({ pin, password })));

/** Two sign-ups of Colinas wait for approval. */
export const demoPendingSignups = [
  { name: 'Fernanda', firstLastname: 'Muñoz', secondLastname: 'Ortiz', email: 'fernanda.munoz@correo.test' },
  { name: 'Gabriel', firstLastname: 'Pino', secondLastname: 'Lara', email: 'gabriel.pino@correo.test' },
];

/**
 * The members' demo state: each guardian is linked to the student of the same rank (whose
 * section the core seed already gave them), the staff and most guardians have the PIN
 * `1234` (the last three guardians and every student have none, so the list shows its
 * warning), and Colinas has two pending sign-ups.
 */
export async function seedDemoMembers(write: Write, college: SeededCollege): Promise<void> {
  const { pin, password } = await demoHashes();
  const students = college.users.filter((u) => u.role === 'student');
  const guardians = college.users.filter((u) => u.role === 'guardian');
  for (const [i, guardian] of guardians.entries()) {
    const child = students[i];
    const withPin = i < guardians.length - 3;
    await write.tx
      .update(users)
      .set({ childIds: child ? [child.id] : [], pinCode: withPin ? pin : null, seq: write.stamp([audienceKeys.admins]) })
      .where(eq(users.id, guardian.id));
  }
  for (const staff of college.users.filter((u) => u.role === 'staff')) {
    await write.tx
      .update(users)
      .set({ pinCode: pin, seq: write.stamp([audienceKeys.admins]) })
      .where(eq(users.id, staff.id));
  }
  if (college.slug !== 'colinas') return;
  await write.tx.insert(users).values(
    demoPendingSignups.map((person) => ({
      id: uuidv7(),
      collegeId: college.collegeId,
      role: 'guardian' as const,
      status: 'pending' as const,
      ...person,
      passwordHash: password,
      seq: write.stamp([audienceKeys.admins]),
    })),
  );
}
