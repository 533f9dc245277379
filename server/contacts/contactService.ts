import { and, eq, isNull } from 'drizzle-orm';
import type { ContactFields, CreateContactArgs, UpdateContactArgs } from '../../contract/contacts';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { checkReferences, looksLikeUuid } from '../audience/references';
import { nextAudience } from '../audience/visibility';
import { places } from '../db/schema';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { keysOfVisibility, type ContactRecord } from './contactEntities';
import { contacts } from './schema';

/**
 * Writing the directory: the one implementation behind the push mutations (contacts.*)
 * and the admin REST endpoints. Only administrators write; a contact of another college
 * is not found (404), never touched.
 */

function assertManages(actor: MutationActor): void {
  if (!can(actor.user.role, 'contacts.manage')) throw forbidden();
}

/** The fields as stored, the place checked against the college (422 on `place_id`). */
async function checkedFields(write: Write, fields: ContactFields) {
  const errors: Record<string, string[]> = {};
  if (fields.place_id !== null) await checkReferences(write.tx, write.collegeId, errors, 'place_id', places, [fields.place_id]);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return {
    name: fields.name,
    title: fields.title,
    placeId: fields.place_id?.toLowerCase() ?? null,
    email: fields.email,
    phone: fields.phone,
    notes: fields.notes,
    visibility: fields.visibility,
  };
}

export async function createContact(write: Write, actor: MutationActor, args: CreateContactArgs): Promise<ContactRecord> {
  assertManages(actor);
  const fields = await checkedFields(write, args);
  const keys = nextAudience(keysOfVisibility(fields.visibility));
  const now = new Date();
  const [row] = await write.tx
    .insert(contacts)
    .values({ id: args.id.toLowerCase(), collegeId: write.collegeId, ...fields, createdAt: now, updatedAt: now, ...keys, seq: write.stamp(keys.seenKeys) })
    .onConflictDoNothing()
    .returning();
  // The id is taken (by this college or another): never overwrite someone else's row.
  if (!row) throw new HttpError(409, messages.conflict);
  return row;
}

/** The live contact of the college, locked for the rest of the write; 404 otherwise. */
async function liveContact(write: Write, id: string): Promise<ContactRecord> {
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, id.toLowerCase()), eq(contacts.collegeId, write.collegeId), isNull(contacts.deletedAt)))
        .for('update')
    : [];
  if (!row) throw notFound(messages.contactNotFound);
  return row;
}

/** A contact made staff-only reaches the other members' devices as a delete (its `seen_keys` keep `college`). */
export async function updateContact(write: Write, actor: MutationActor, args: UpdateContactArgs): Promise<ContactRecord> {
  assertManages(actor);
  const current = await liveContact(write, args.id);
  const fields = await checkedFields(write, args);
  const keys = nextAudience(keysOfVisibility(fields.visibility), current);
  const [row] = await write.tx
    .update(contacts)
    .set({ ...fields, updatedAt: new Date(), ...keys, seq: write.stamp(keys.seenKeys) })
    .where(eq(contacts.id, current.id))
    .returning();
  return row!;
}

export async function deleteContact(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  assertManages(actor);
  const current = await liveContact(write, args.id);
  const now = new Date();
  await write.tx
    .update(contacts)
    .set({ deletedAt: now, updatedAt: now, seq: write.stamp(current.seenKeys) })
    .where(eq(contacts.id, current.id));
}
