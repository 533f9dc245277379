import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DeliveryMode, MailLanguage } from '../../contract/delivery';
import { uuidv7 } from '../../contract/ids';
import type { CreatePostArgs } from '../../contract/posts';
import { issueAccessToken } from '../../server/auth/tokens';
import type { Database } from '../../server/db/client';
import { accessTokens, smtpSettings, users, userSections } from '../../server/db/schema';
import { deliveryItems, itemDeliveries, memberDelivery } from '../../server/delivery/schema';
import { posts } from '../../server/posts/schema';
import type { TestServer } from './harness';
import { push } from './syncHelpers';

/** A mail the loopback SMTP server accepted: the envelope's recipient and the parsed message. */
export interface ReceivedMail {
  to: string;
  mail: ParsedMail;
}

/**
 * A college's SMTP server on loopback (smtp-server, parsed with mailparser) that keeps what it
 * accepted, counts the recipients it was offered, and refuses the addresses of `refuse` with
 * their SMTP code at RCPT TO (550: refused for good; 451: try again later).
 */
export interface MailServer {
  port: number;
  received: ReceivedMail[];
  /** RCPT TO per address (lower-cased), the refused ones too. */
  offered: Map<string, number>;
  refuse: Map<string, number>;
  /** What was accepted for this address. */
  to: (address: string) => ParsedMail[];
  close: () => Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const offered = new Map<string, number>();
  const refuse = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection (a resolver that does not answer costs seconds).
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      offered.set(to, (offered.get(to) ?? 0) + 1);
      const code = refuse.get(to);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream).then((mail) => {
        for (const to of recipients) received.push({ to, mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    offered,
    refuse,
    to: (address) => received.filter((r) => r.to === address.toLowerCase()).map((r) => r.mail),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The college sends through this loopback server. */
export async function useMailServer(db: Database, collegeId: string, server: MailServer, slug: string): Promise<void> {
  await db
    .insert(smtpSettings)
    .values({ id: uuidv7(), collegeId, host: '127.0.0.1', port: server.port, security: 'none', fromAddress: `no-reply@${slug}.test` });
}

export interface Family {
  id: string;
  email: string;
  name: string;
  /** Their access token, when they have signed in. */
  token: string | null;
}

export interface FamilyOptions {
  role?: 'guardian' | 'student';
  /** Signed in on a device that last synced then (null: signed in, never synced); absent: never signed in. */
  syncedAt?: Date | null;
  /** The modes they chose (nothing chosen: the defaults). */
  chosen?: Partial<Record<'posts' | 'events' | 'notifications', DeliveryMode>>;
  language?: MailLanguage;
  /** Their address ('' for none); a unique one of the college by default. */
  email?: string;
}

/** New active members of a college in one section (copies of its demo member of that role), made in a few statements. */
export async function addFamilies(
  db: Database,
  collegeId: string,
  slug: string,
  sectionId: string,
  count: number,
  options: FamilyOptions = {},
): Promise<Family[]> {
  const role = options.role ?? 'guardian';
  const [template] = await db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.email, `${role}@${slug}.test`)));
  const made = Array.from({ length: count }, () => {
    const id = uuidv7();
    return { id, email: options.email ?? `${id}@${slug}.test`, name: `Familia ${id.slice(-8)}` };
  });
  await db.insert(users).values(
    made.map((m) => ({
      ...template!,
      id: m.id,
      email: m.email,
      rut: null,
      name: m.name,
      firstLastname: '',
      sectionIds: [sectionId],
      childIds: [],
      avatar: null,
    })),
  );
  await db.insert(userSections).values(made.map((m) => ({ collegeId, userId: m.id, sectionId })));
  if (options.chosen || options.language)
    await db.insert(memberDelivery).values(made.map((m) => ({ userId: m.id, collegeId, ...options.chosen, language: options.language ?? null })));
  const families: Family[] = [];
  for (const m of made) {
    let token: string | null = null;
    if (options.syncedAt !== undefined) {
      token = await issueAccessToken(db, collegeId, m.id);
      await db.update(accessTokens).set({ syncedAt: options.syncedAt }).where(eq(accessTokens.userId, m.id));
    }
    families.push({ ...m, token });
  }
  return families;
}

/**
 * Publishes a post from a device (a pushed `posts.create`) as the token's member, dated `at`
 * for the delivery core (a fake clock: the plan and email jobs then run at chosen instants).
 */
export async function publishPost(server: TestServer, host: string, token: string, args: CreatePostArgs, at: Date): Promise<CreatePostArgs> {
  const [result] = await push({ app: server.app, host, token }, [{ name: 'posts.create', args }]);
  if (result?.status !== 'applied') throw new Error(`posts.create: ${JSON.stringify(result)}`);
  await datePost(server.db, args.id, at);
  return args;
}

/** The post was published (and is to be delivered) at `at`. */
export async function datePost(db: Database, id: string, at: Date): Promise<void> {
  await db.update(posts).set({ publishedAt: at }).where(eq(posts.id, id));
  await db.update(deliveryItems).set({ dueAt: at }).where(eq(deliveryItems.itemId, id));
}

export const deliveriesOf = (db: Database, itemId: string) => db.select().from(itemDeliveries).where(eq(itemDeliveries.itemId, itemId));

export async function deliveryOf(db: Database, itemId: string, userId: string) {
  const [row] = await db
    .select()
    .from(itemDeliveries)
    .where(and(eq(itemDeliveries.itemId, itemId), eq(itemDeliveries.userId, userId)));
  return row;
}

/** The address of a mail's `List-Unsubscribe` (mailparser gathers `List-*` under `list`). */
export function unsubscribeUrlOf(mail: ParsedMail): string | undefined {
  return (mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined)?.unsubscribe?.url;
}

/** A header of a mail as sent, unfolded (RFC 5322 folds long lines). */
export const headerLine = (mail: ParsedMail, key: string): string | undefined =>
  mail.headerLines.find((h) => h.key === key.toLowerCase())?.line.replace(/\r?\n[ \t]+/g, ' ');

/** The token of the first `/mail/<purpose>/<token>` link in a mail's text. */
export function linkToken(mail: ParsedMail, purpose: 'open' | 'unsubscribe'): string {
  const found = new RegExp(`/mail/${purpose}/([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!found) throw new Error(`no ${purpose} link in ${mail.text}`);
  return found[1]!;
}
