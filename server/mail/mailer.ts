import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import { colleges } from '../db/colleges';
import { mailOutbox, smtpSettings, users } from '../db/schema';
import { memberPokeKeys } from '../audience/guardians';
import { writeInCollege } from '../sync/writeInCollege';
import { memberDelivery } from '../delivery/schema';
import type { MailMetrics } from '../metrics/appMetrics';
import type { SecretKey } from './secretKey';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text. */
  html?: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
  /** The member it is written to: a permanent refusal of the address is recorded on them (an "email bounces"). */
  userId?: string;
  /** Its id in the outbox, when the caller needs it before it is recorded. */
  id?: string;
}

type Settings = typeof smtpSettings.$inferSelect;

/** What `test` answers: the SMTP server's last reply, or its error text. */
export type TestResult = { ok: true; response: string } | { ok: false; error: string };

export interface Mailer {
  /**
   * Records the mail in the college's outbox and sends it with the college's SMTP settings
   * when it has them. Resolves once the mail is recorded; sending goes on in the background
   * (so a slow SMTP server neither delays the answer nor tells whether an account exists).
   * A failed send stays `pending` and is retried by `retryDue` (backoff), then `failed`.
   */
  send(collegeId: string, mail: Mail): Promise<void>;
  /**
   * Records mails in the caller's transaction `tx`, so they exist exactly when what they
   * report does (the emergency cascade marks its receipts emailed in the same transaction: a
   * restart neither loses nor doubles one). Nothing leaves before the commit: call `deliver`
   * after it to send them with the college's SMTP settings, when it has them; it resolves
   * when each has been sent (and marked) or has failed (never rejects). Called after more
   * than a quarter of the lease, `deliver` first renews the lease of the mails still theirs
   * (a caller may hold mails back a while: server/delivery/emailJob.ts).
   */
  record(tx: Database, collegeId: string, mails: readonly Mail[]): Promise<{ deliver: () => Promise<void> }>;
  /**
   * Sends the `pending` mails whose next attempt is due (any college), each claimed with
   * `FOR UPDATE SKIP LOCKED` and a lease, so two processes never send one twice at once.
   * Resolves with how many it tried, once they are done.
   */
  retryDue(now: Date, limit?: number): Promise<number>;
  /** Sends one test mail with the college's saved settings and answers the server's reply. */
  test(collegeId: string, to: string): Promise<TestResult>;
  /** Encrypts (and empties) plain passwords left by older versions; run at start. */
  sealLegacyPasswords(): Promise<void>;
  /** The installation's secret key (server/mail/secretKey.ts). */
  readonly secrets: SecretKey;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MailerOptions {
  secretKey?: SecretKey;
  /**
   * Only tests set it to false (self-signed certificates of a loopback server); production
   * always verifies the SMTP server's certificate. Never read from the environment.
   */
  tlsRejectUnauthorized?: boolean;
  /** Connection, greeting and socket time-outs (default 10 s). */
  timeoutMs?: number;
  /** Counts failed attempts (server/metrics). */
  metrics?: MailMetrics;
}

/** Waits after the n-th failed attempt (1, 5, 15, 60, 240 minutes); the 6th failure is final. */
export const retryDelaysMs = [1, 5, 15, 60, 240].map((minutes) => minutes * 60_000);
export const maxAttempts = retryDelaysMs.length + 1;
/** How long a send under way holds its mail before the retry job may take it again. */
export const sendLeaseMs = 2 * 60_000;

/** The SMTP test message, in the college's language when we have it (es), else English, like the recovery mail. */
export function testMail(to: string, collegeName: string, language: string): Mail {
  if (language.startsWith('es')) {
    return {
      to,
      subject: `${collegeName}: prueba de correo`,
      text: `Este es un mensaje de prueba de Patio para ${collegeName}: la configuración SMTP funciona.`,
    };
  }
  return { to, subject: `${collegeName}: SMTP test`, text: `This is a test message from Patio for ${collegeName}: the SMTP settings work.` };
}

export function createMailer(db: Database, log: FastifyBaseLogger, options: MailerOptions = {}): Mailer {
  const inFlight = new Set<Promise<void>>();
  const timeout = options.timeoutMs ?? 10_000;
  const secrets: SecretKey = options.secretKey ?? {
    seal: () => {
      throw new Error('no secret key: createMailer needs options.secretKey');
    },
    open: () => {
      throw new Error('no secret key: createMailer needs options.secretKey');
    },
    mac: () => {
      throw new Error('no secret key: createMailer needs options.secretKey');
    },
  };

  const transportOf = (settings: Settings, pooled: boolean) =>
    createTransport({
      host: settings.host,
      port: settings.port,
      // none: plain, even when the server offers STARTTLS; starttls: refuse to go on without
      // it; tls: TLS from the first byte (usually port 465).
      secure: settings.security === 'tls',
      ignoreTLS: settings.security === 'none',
      requireTLS: settings.security === 'starttls',
      ...(options.tlsRejectUnauthorized === false ? { tls: { rejectUnauthorized: false } } : {}),
      auth: settings.username ? { user: settings.username, pass: settings.passwordEncrypted ? secrets.open(settings.passwordEncrypted) : '' } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      ...(pooled ? { pool: true, maxConnections: 3 } : {}),
    });

  const envelopeOf = (settings: Settings, mail: Mail, id?: string) => ({
    from: settings.fromName ? { name: settings.fromName, address: settings.fromAddress } : settings.fromAddress,
    ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
    // One id per mail of the outbox: a retry of the same mail is recognisably the same.
    ...(id ? { messageId: `<${id}@${messageIdDomain(settings.fromAddress)}>` } : {}),
  });

  async function deliver(
    id: string,
    attempts: number,
    settings: Settings,
    mail: Mail,
    transport: ReturnType<typeof transportOf>,
    sent: SentMarks,
  ): Promise<void> {
    const attempt = attempts + 1;
    try {
      await transport.sendMail(envelopeOf(settings, mail, id));
      sent.add(id, new Date());
    } catch (error) {
      const message = errorText(error);
      const refused = refusedForGood(error);
      const final = refused || attempt >= maxAttempts;
      options.metrics?.sendFailed(final);
      // The SMTP server's reply often quotes the recipient: the log keeps the reason, not the address.
      log.warn({ mailId: id, attempt, error: withoutAddresses(message) }, final ? 'mail sending failed, giving up' : 'mail sending failed, will retry');
      if (refused && mail.userId) await recordBounce(db, settings.collegeId, mail.userId, mail.to, message, new Date());
      await db
        .update(mailOutbox)
        .set({
          status: final ? 'failed' : 'pending',
          error: message.slice(0, 1000),
          attempts: attempt,
          nextAttemptAt: final ? null : new Date(Date.now() + retryDelaysMs[attempt - 1]!),
        })
        .where(eq(mailOutbox.id, id));
    }
  }

  const track = (sending: Promise<void>) => {
    const tracked = sending.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  };
  /**
   * One pooled transport per college's settings, kept while mail flows: the delivery queue
   * hands a college's mails over in small batches every second (server/delivery/emailJob.ts),
   * which then share a few open connections instead of opening new ones each time. Closed
   * after a few idle seconds, or when the settings change.
   */
  const pools = new Map<string, { version: number; transport: ReturnType<typeof transportOf>; users: number; timer?: ReturnType<typeof setTimeout> }>();
  const poolIdleMs = 5_000;
  const borrowPool = (settings: Settings) => {
    const version = settings.updatedAt.getTime();
    let pool = pools.get(settings.collegeId);
    if (pool && pool.version !== version) {
      if (pool.users === 0) pool.transport.close();
      pools.delete(settings.collegeId);
      pool = undefined;
    }
    if (!pool) {
      pool = { version, transport: transportOf(settings, true), users: 0 };
      pools.set(settings.collegeId, pool);
    }
    clearTimeout(pool.timer);
    pool.users++;
    const borrowed = pool;
    return {
      transport: borrowed.transport,
      release: () => {
        borrowed.users--;
        if (borrowed.users > 0) return;
        if (pools.get(settings.collegeId) !== borrowed) return borrowed.transport.close();
        borrowed.timer = setTimeout(() => {
          if (borrowed.users > 0) return;
          pools.delete(settings.collegeId);
          borrowed.transport.close();
        }, poolIdleMs);
        borrowed.timer.unref();
      },
    };
  };
  const sendAll = (settings: Settings, rows: readonly { id: string; attempts: number; mail: Mail }[]) => {
    let lent: { transport: ReturnType<typeof transportOf>; release: () => void };
    try {
      // Many mails at once (an alert to a whole school, a post's emails): the college's
      // pooled transport, a few connections, rather than a connection per mail.
      if (rows.length > 1) lent = borrowPool(settings);
      else {
        const transport = transportOf(settings, false);
        lent = { transport, release: () => transport.close() };
      }
    } catch (error) {
      // Settings that cannot make a transport (a password sealed with another key).
      const message = errorText(error);
      for (let i = 0; i < rows.length; i++) options.metrics?.sendFailed(true);
      return track(
        db
          .update(mailOutbox)
          .set({ status: 'failed', error: message, nextAttemptAt: null })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((row) => row.id),
            ),
          )
          .then(() => undefined),
      );
    }
    const sent = sentMarks(db, log);
    return track(
      Promise.all(rows.map((row) => deliver(row.id, row.attempts, settings, row.mail, lent.transport, sent)))
        .then(() => sent.flush())
        .finally(() => lent.release()),
    );
  };
  const settingsOf = async (tx: Database, collegeId: string) => (await tx.select().from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).limit(1))[0];
  const lease = () => new Date(Date.now() + sendLeaseMs);

  return {
    secrets,
    async record(tx, collegeId, mails) {
      if (mails.length === 0) return { deliver: () => Promise.resolve() };
      const settings = await settingsOf(tx, collegeId);
      const leasedUntil = lease();
      const rows = mails.map((mail) => ({
        ...outboxRow(collegeId, mail),
        status: settings ? ('pending' as const) : ('logged' as const),
        nextAttemptAt: settings ? leasedUntil : null,
      }));
      await tx.insert(mailOutbox).values(rows);
      const sendRecorded = async (): Promise<void> => {
        if (!settings) {
          log.info({ mails: rows.length }, 'mails recorded in outbox (no SMTP settings)');
          return;
        }
        const all = rows.map((row, i) => ({ id: row.id, attempts: 0, mail: mails[i]! }));
        // Handed over soon after the recording: most of the lease is left, and no retry job
        // can have taken a mail whose lease has not run out.
        const heldMs = Date.now() - (leasedUntil.getTime() - sendLeaseMs);
        if (heldMs < sendLeaseMs / 4) return sendAll(settings, all);
        // Held a while (a caller that waits for its previous mails): renewed, and sent, only
        // where the lease is still the recording's; a mail the retry job took meanwhile is the
        // retry job's to send.
        const ids = rows.map((row) => row.id);
        let ours: Set<string>;
        try {
          const renewed = await db
            .update(mailOutbox)
            .set({ nextAttemptAt: lease() })
            .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.nextAttemptAt, leasedUntil), sql`${mailOutbox.id} = any(${pgArray(ids)}::uuid[])`))
            .returning({ id: mailOutbox.id });
          ours = new Set(renewed.map((row) => row.id));
        } catch (error) {
          // They stay pending with the lease of their recording: the retry job sends them.
          log.error({ error: withoutAddresses(errorText(error)), mails: ids.length }, 'could not renew the lease of mails to send');
          return;
        }
        const mine = all.filter((row) => ours.has(row.id));
        if (mine.length > 0) await sendAll(settings, mine);
      };
      return { deliver: () => track(sendRecorded()) };
    },
    async send(collegeId, mail) {
      const settings = await settingsOf(db, collegeId);
      const row = outboxRow(collegeId, mail);
      const { id } = row;
      await db.insert(mailOutbox).values({ ...row, status: settings ? 'pending' : 'logged', nextAttemptAt: settings ? lease() : null });
      if (!settings) {
        // Never the address nor the subject (a post's title): the outbox screen shows them to administrators.
        log.info({ mailId: id }, 'mail recorded in outbox (no SMTP settings)');
        return;
      }
      void sendAll(settings, [{ id, attempts: 0, mail }]);
    },
    async retryDue(now, limit = 50) {
      const claimed = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (rows.length > 0)
          await tx
            .update(mailOutbox)
            .set({ nextAttemptAt: lease() })
            .where(
              inArray(
                mailOutbox.id,
                rows.map((row) => row.id),
              ),
            );
        return rows;
      });
      const byCollege = new Map<string, typeof claimed>();
      for (const row of claimed) byCollege.set(row.collegeId, [...(byCollege.get(row.collegeId) ?? []), row]);
      const sends: Promise<void>[] = [];
      for (const [collegeId, rows] of byCollege) {
        const settings = await settingsOf(db, collegeId);
        if (!settings) {
          // The settings were removed meanwhile: the mails stay recorded, as without SMTP.
          await db
            .update(mailOutbox)
            .set({ status: 'logged', nextAttemptAt: null })
            .where(
              inArray(
                mailOutbox.id,
                rows.map((row) => row.id),
              ),
            );
          continue;
        }
        sends.push(
          sendAll(
            settings,
            rows.map((row) => ({
              id: row.id,
              attempts: row.attempts,
              mail: { to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers, userId: row.userId ?? undefined },
            })),
          ),
        );
      }
      await Promise.all(sends);
      return claimed.length;
    },
    async test(collegeId, to) {
      const settings = await settingsOf(db, collegeId);
      if (!settings) return { ok: false, error: 'No SMTP settings saved.' };
      let transport: ReturnType<typeof transportOf> | undefined;
      try {
        transport = transportOf(settings, false);
        const [college] = await db.select({ name: colleges.name, language: colleges.language }).from(colleges).where(eq(colleges.id, collegeId));
        const info = await transport.sendMail(envelopeOf(settings, testMail(to, college?.name ?? 'Patio', college?.language ?? 'en')));
        return { ok: true, response: String(info.response ?? '') };
      } catch (error) {
        return { ok: false, error: errorText(error) };
      } finally {
        transport?.close();
      }
    },
    async sealLegacyPasswords() {
      if (!options.secretKey) return;
      const legacy = await db.select().from(smtpSettings).where(ne(smtpSettings.password, ''));
      for (const row of legacy) {
        await db
          .update(smtpSettings)
          .set({ passwordEncrypted: secrets.seal(row.password), password: '' })
          .where(and(eq(smtpSettings.id, row.id), eq(smtpSettings.password, row.password)));
      }
    },
    async idle() {
      await Promise.all([...inFlight]);
      for (const [collegeId, pool] of pools) {
        if (pool.users > 0) continue;
        clearTimeout(pool.timer);
        pools.delete(collegeId);
        pool.transport.close();
      }
    },
  };
}

interface SentMarks {
  add(id: string, at: Date): void;
  /** Resolves once every mail added so far is marked (or the attempt failed and was logged). */
  flush(): Promise<void>;
}

/** Mails accepted by the SMTP server, marked `sent` this many at a time, or after this long. */
const sentBatch = 100;
const sentBatchMs = 100;

/**
 * Marks the mails of a send as `sent` in batches, one statement per batch instead of one per
 * mail: on PGlite the per-mail updates ran on the thread that sends the mails and took most of
 * a large post's time (bench/RESULTS.md, "Delivery"). What a crash costs: the mails accepted
 * in the last batch's 100 ms stay `pending` and are sent again after their lease.
 */
function sentMarks(db: Database, log: FastifyBaseLogger): SentMarks {
  let ids: string[] = [];
  let times: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writes: Promise<void>[] = [];
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (ids.length === 0) return;
    const batch = { ids, times };
    ids = [];
    times = [];
    writes.push(
      db
        .execute(
          sql`update ${mailOutbox} set status = 'sent', sent_at = m.at, attempts = ${mailOutbox.attempts} + 1, next_attempt_at = null
            from unnest(${pgArray(batch.ids)}::uuid[], ${pgArray(batch.times)}::timestamptz[]) as m(id, at) where ${mailOutbox.id} = m.id`,
        )
        .then(
          () => undefined,
          (error: unknown) =>
            log.error(
              { error: withoutAddresses(errorText(error)), mails: batch.ids.length },
              'could not mark sent mails; they are sent again after their lease',
            ),
        ),
    );
  };
  return {
    add(id, at) {
      ids.push(id);
      times.push(at.toISOString());
      if (ids.length >= sentBatch) write();
      else timer ??= setTimeout(write, sentBatchMs);
    },
    async flush() {
      write();
      await Promise.all(writes);
    },
  };
}

/** A mail's outbox row as recorded (its status and lease are the caller's). */
function outboxRow(collegeId: string, mail: Mail) {
  return {
    id: mail.id ?? uuidv7(),
    collegeId,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? '',
    headers: mail.headers ?? {},
    userId: mail.userId ?? null,
  };
}

/** The domain of the college's sender address, for the mails' Message-ID. */
function messageIdDomain(from: string): string {
  const domain = from.split('@')[1]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9.-]+$/.test(domain) ? domain : 'patio.invalid';
}

/**
 * The recipient's mail server refused the mail for good: a 5xx answer to the recipient or
 * to the message (RFC 5321), not to signing in (a 535 is the college's settings, which an
 * administrator may fix: retried). A 4xx or a network failure is temporary: retried.
 */
export function refusedForGood(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { responseCode, code, command } = error as { responseCode?: unknown; code?: unknown; command?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600) return false;
  if (code === 'EAUTH' || code === 'ETLS' || code === 'ECONNECTION') return false;
  return code === 'EENVELOPE' || code === 'EMESSAGE' || command === 'RCPT TO' || command === 'DATA' || command === 'MAIL FROM' || command === 'DATA END';
}

/**
 * The member's address bounced: recorded on them, shown to administrators, and no more mail
 * goes to it (server/delivery). Their row is stamped again, so the members list synced to
 * administrators shows "Email bounced" (server/members/memberEntity.ts reads the bounce).
 */
async function recordBounce(db: Database, collegeId: string, userId: string, email: string, reason: string, at: Date): Promise<void> {
  const values = { bouncedEmail: email.toLowerCase(), bouncedAt: at, bounceReason: reason.slice(0, 500), updatedAt: at };
  await writeInCollege(db, collegeId, async (write) => {
    await write.tx
      .insert(memberDelivery)
      .values({ userId, collegeId, ...values })
      .onConflictDoUpdate({ target: memberDelivery.userId, set: values });
    await write.tx
      .update(users)
      .set({ seq: write.stamp(memberPokeKeys(userId)) })
      .where(and(eq(users.collegeId, collegeId), eq(users.id, userId), eq(users.email, values.bouncedEmail)));
  }).catch(() => undefined);
}

/** `text` with every email address in it replaced by `…`. */
export const withoutAddresses = (text: string): string => text.replace(/[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g, '…');

/** The SMTP server's own words when it answered (e.g. `535 5.7.8 Authentication failed`), else the error. */
function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { response, message } = error as { response?: unknown; message?: unknown };
    const said = typeof response === 'string' ? response : '';
    const text = typeof message === 'string' ? message : '';
    // nodemailer's message names the step (`Invalid login: 535 …`) and usually quotes the reply.
    if (text && said && !text.includes(said)) return `${text} (${said})`;
    if (text || said) return text || said;
  }
  return String(error);
}
