import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { sections, users, userSections } from '../../server/db/schema';
import { notificationReceipts } from '../../server/notifications/schema';
import type { PushMessage, PushOutcome, PushSender } from '../../server/push/sender';

/** A push sender that keeps what it was given: every member has `devices` devices that accept. */
export class RecordingPush implements PushSender {
  readonly calls: { collegeId: string; messages: PushMessage[] }[] = [];
  constructor(private readonly devices = 1) {}

  send(collegeId: string, messages: readonly PushMessage[]): Promise<Map<string, PushOutcome>> {
    this.calls.push({ collegeId, messages: [...messages] });
    return Promise.resolve(new Map(messages.map((m) => [m.userId, { accepted: this.devices, devices: this.devices }])));
  }

  get messages(): PushMessage[] {
    return this.calls.flatMap((call) => call.messages);
  }

  to(userId: string): PushMessage[] {
    return this.messages.filter((m) => m.userId === userId);
  }

  clear(): void {
    this.calls.length = 0;
  }
}

export interface Member {
  id: string;
  email: string;
  role: string;
}

/** Active members of a college with the given role sitting in the named section ("1° Básico A"). */
export async function membersOf(db: Database, collegeId: string, sectionId: string, role: string): Promise<Member[]> {
  return db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .innerJoin(userSections, eq(userSections.userId, users.id))
    .innerJoin(sections, eq(sections.id, userSections.sectionId))
    .where(and(eq(users.collegeId, collegeId), eq(userSections.sectionId, sectionId), eq(users.role, role as 'student'), eq(users.status, 'active')))
    .orderBy(users.email);
}

/** Active members of a college with the given role in none of the section's members. */
export async function membersOutside(db: Database, collegeId: string, sectionId: string, role: string): Promise<Member[]> {
  const inside = new Set((await membersOf(db, collegeId, sectionId, role)).map((m) => m.id));
  const all = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.role, role as 'student'), eq(users.status, 'active')))
    .orderBy(users.email);
  return all.filter((m) => !inside.has(m.id));
}

export async function receiptsOf(db: Database, notificationId: string) {
  return db.select().from(notificationReceipts).where(eq(notificationReceipts.notificationId, notificationId));
}

export async function receiptsOfMany(db: Database, notificationIds: string[]) {
  return db.select().from(notificationReceipts).where(inArray(notificationReceipts.notificationId, notificationIds));
}

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * Gives every active member of the college a browser subscribed to pushes (endpoints never
 * contacted: the tests' sender records instead). Members without one are settled without a
 * push (server/notifications/pushJob.ts).
 */
export async function subscribeEveryone(db: Database, collegeId: string): Promise<void> {
  await db.execute(sql`
    insert into push_subscriptions (endpoint, college_id, user_id, p256dh, auth)
    select 'https://fcm.googleapis.com/fcm/send/test-' || id, college_id, id, 'key', 'auth'
    from users where college_id = ${collegeId} and status = 'active'
    on conflict do nothing`);
}
