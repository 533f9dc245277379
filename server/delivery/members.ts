import { and, eq, inArray, sql } from 'drizzle-orm';
import { keysOfMember } from '../../contract/audience';
import { addressedRoles } from '../../contract/notifications';
import {
  defaultDeliverySettings,
  fieldOfKind,
  mailLanguages,
  type DeliveryField,
  type DeliveryKind,
  type DeliveryMode,
  type MailLanguage,
} from '../../contract/delivery';
import { can } from '../../contract/permissions';
import { membersMeeting } from '../audience/reach';
import type { Database } from '../db/client';
import { accessTokens, colleges, entries, userSections, users } from '../db/schema';
import { deliverySettings, memberDelivery } from './schema';

const dayMs = 24 * 60 * 60_000;

/** An address mail can be written to. */
export const canWriteTo = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** A college as its mails and jobs need it. */
export interface DeliveryCollege {
  id: string;
  name: string;
  language: string;
  timeZone: string;
  themeColor: string;
  inactiveDays: number;
  mailsPerSecond: number;
}

export async function deliveryCollege(db: Database, collegeId: string): Promise<DeliveryCollege | null> {
  const [row] = await db
    .select({
      id: colleges.id,
      name: colleges.name,
      language: colleges.language,
      timeZone: colleges.timeZone,
      themeColor: colleges.themeColor,
      inactiveDays: deliverySettings.inactiveDays,
      mailsPerSecond: deliverySettings.mailsPerSecond,
    })
    .from(colleges)
    .leftJoin(deliverySettings, eq(deliverySettings.collegeId, colleges.id))
    .where(eq(colleges.id, collegeId));
  if (!row) return null;
  return {
    ...row,
    inactiveDays: row.inactiveDays ?? defaultDeliverySettings.inactive_days,
    mailsPerSecond: row.mailsPerSecond ?? defaultDeliverySettings.mails_per_second,
  };
}

/** What decides how an item reaches one member. */
export interface MemberFacts {
  id: string;
  name: string;
  role: string;
  active: boolean;
  email: string;
  /** The modes they chose, null where they chose nothing. */
  chosen: Record<'posts' | 'events' | 'notifications', DeliveryMode | null>;
  signedInEver: boolean;
  /** One of their devices synced within the college's inactive days. */
  hasDevice: boolean;
  language: MailLanguage;
  /** Their address bounced (the same address they have now). */
  bounces: boolean;
  bounceReason: string | null;
  bouncedAt: Date | null;
  /** The kinds they unsubscribed from by a mail's link (`member_delivery.opted_out`). */
  optedOut: Set<DeliveryField>;
  /** The audience keys they answer to now (contract/audience.ts). */
  keys: Set<string>;
}

/** Why no mail can go to a member's address: none to write to, or it bounces; null when one can. */
export function addressRefusal(member: Pick<MemberFacts, 'email' | 'bounces'>): 'no_email' | 'email_bounces' | null {
  if (!canWriteTo(member.email)) return 'no_email';
  return member.bounces ? 'email_bounces' : null;
}

/** The mode in force for a kind: what they chose, else one email a day until they first sign in, then the app only. */
export function modeFor(member: Pick<MemberFacts, 'chosen' | 'signedInEver'>, kind: DeliveryKind | DeliveryField): DeliveryMode {
  const field = kind in fieldOfKind ? fieldOfKind[kind as DeliveryKind] : (kind as DeliveryField);
  return member.chosen[field] ?? (member.signedInEver ? 'app' : 'digest');
}

/** The mail language a tag stands for: exact (any case, `_` or `-`), else its language. */
function matchLocale(tag: string, supported: readonly MailLanguage[]): MailLanguage | null {
  const wanted = tag.trim().replace('_', '-').toLowerCase();
  if (!wanted) return null;
  return supported.find((l) => l.toLowerCase() === wanted) ?? supported.find((l) => l.toLowerCase() === wanted.split('-')[0]) ?? null;
}

/** The language of a member's mails: theirs when known, else the college's, else English. */
export function mailLanguageOf(own: string | null, collegeLanguage: string): MailLanguage {
  return matchLocale(own ?? '', mailLanguages) ?? matchLocale(collegeLanguage, mailLanguages) ?? 'en';
}

/** The facts of these members of a college (unknown ids are left out), in a few queries. */
export async function memberFacts(db: Database, college: DeliveryCollege, userIds: readonly string[], now: Date): Promise<Map<string, MemberFacts>> {
  const facts = new Map<string, MemberFacts>();
  const since = new Date(now.getTime() - college.inactiveDays * dayMs);
  for (let i = 0; i < userIds.length; i += 2000) {
    const ids = userIds.slice(i, i + 2000);
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        firstLastname: users.firstLastname,
        role: users.role,
        status: users.status,
        removedAt: users.removedAt,
        email: users.email,
        posts: memberDelivery.posts,
        events: memberDelivery.events,
        notifications: memberDelivery.notifications,
        language: memberDelivery.language,
        bouncedEmail: memberDelivery.bouncedEmail,
        bouncedAt: memberDelivery.bouncedAt,
        bounceReason: memberDelivery.bounceReason,
        optedOut: memberDelivery.optedOut,
        sectionIds: sql<string[]>`coalesce((select array_agg(s.section_id::text) from ${userSections} s where s.user_id = ${users.id}), '{}')`,
        signedInEver: sql<boolean>`exists (select 1 from ${entries} e where e.college_id = ${users.collegeId} and e.user_id = ${users.id} and e.kind = 'sign_in')
          or exists (select 1 from ${accessTokens} t where t.user_id = ${users.id})`,
        hasDevice: sql<boolean>`exists (select 1 from ${accessTokens} t where t.user_id = ${users.id} and t.synced_at >= ${since.toISOString()}::timestamptz)`,
      })
      .from(users)
      .leftJoin(memberDelivery, eq(memberDelivery.userId, users.id))
      .where(and(eq(users.collegeId, college.id), inArray(users.id, ids)));
    for (const row of rows) {
      const bounces = row.bouncedEmail !== null && row.bouncedEmail === row.email;
      facts.set(row.id, {
        id: row.id,
        name: [row.name, row.firstLastname].filter(Boolean).join(' '),
        role: row.role,
        active: row.status === 'active' && row.removedAt === null,
        email: row.email,
        chosen: { posts: row.posts, events: row.events, notifications: row.notifications },
        signedInEver: row.signedInEver,
        hasDevice: row.hasDevice,
        language: mailLanguageOf(row.language, college.language),
        bounces,
        bounceReason: bounces ? row.bounceReason : null,
        bouncedAt: bounces ? row.bouncedAt : null,
        optedOut: new Set(row.optedOut ?? []),
        keys: new Set(keysOfMember({ userId: row.id, role: row.role, sectionIds: row.sectionIds, readAll: can(row.role, 'content.readAll') })),
      });
    }
  }
  return facts;
}

/**
 * The active members an item is addressed to: those its audience keys reach (as the pull
 * decides who receives it: server/audience/reach.ts) and whose role its scope names (a post to
 * the families of 1° A is read by every teacher, but addressed to the families). Not its author.
 */
export async function addressedMembers(
  db: Database,
  collegeId: string,
  item: { audienceKeys: readonly string[]; scope: Parameters<typeof addressedRoles>[0]; authorId: string | null },
): Promise<string[]> {
  const roles = addressedRoles(item.scope);
  return (await membersMeeting(db, collegeId, item.audienceKeys))
    .filter((member) => member.id !== item.authorId && roles.includes(member.role))
    .map((member) => member.id);
}
