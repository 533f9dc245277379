import { and, arrayOverlaps, eq, inArray, isNull } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { userSections, users } from '../db/schema';
import type { Write } from '../sync/writeInCollege';

/**
 * A member's sections, kept twice: on the member's row (synced) and in `user_sections` (what
 * the audience queries join). Members and the privacy feature's erasure change them here.
 */

/** Who hears of a member's row: administrators and the member. */
export const memberPokeKeys = (userId: string): string[] => [audienceKeys.admins, audienceKeys.user(userId)];

export async function setMemberSections(write: Pick<Write, 'tx' | 'collegeId'>, userId: string, sectionIds: readonly string[]): Promise<void> {
  const { tx, collegeId } = write;
  await tx.delete(userSections).where(and(eq(userSections.collegeId, collegeId), eq(userSections.userId, userId)));
  if (sectionIds.length > 0) await tx.insert(userSections).values(sectionIds.map((sectionId) => ({ collegeId, userId, sectionId })));
}

/**
 * A student's sections changed (or they left): each of their guardians keeps their own
 * sections and follows the children's — theirs minus what only this child gave, plus the
 * child's new ones.
 */
export async function followChild(write: Write, child: { id: string; before: readonly string[]; after: readonly string[] | null }): Promise<void> {
  const guardians = await write.tx
    .select()
    .from(users)
    .where(and(eq(users.collegeId, write.collegeId), arrayOverlaps(users.childIds, [child.id]), isNull(users.removedAt)))
    .for('update');
  for (const guardian of guardians) {
    const childIds = child.after === null ? guardian.childIds.filter((id) => id !== child.id) : guardian.childIds;
    const siblings = guardian.childIds.filter((id) => id !== child.id);
    const siblingSections = new Set(
      siblings.length === 0
        ? []
        : (
            await write.tx
              .select({ sectionIds: users.sectionIds })
              .from(users)
              .where(and(eq(users.collegeId, write.collegeId), inArray(users.id, siblings)))
          ).flatMap((s) => s.sectionIds),
    );
    const onlyThisChild = new Set(child.before.filter((id) => !siblingSections.has(id)));
    const next = [...new Set([...guardian.sectionIds.filter((id) => !onlyThisChild.has(id)), ...(child.after ?? [])])].sort();
    const same = next.length === guardian.sectionIds.length && next.every((id, i) => id === [...guardian.sectionIds].sort()[i]);
    if (same && childIds.length === guardian.childIds.length) continue;
    await write.tx
      .update(users)
      .set({ sectionIds: next, childIds, updatedAt: new Date(), seq: write.stamp(memberPokeKeys(guardian.id)) })
      .where(eq(users.id, guardian.id));
    if (!same) await setMemberSections(write, guardian.id, next);
  }
}
