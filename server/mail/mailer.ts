import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { mailOutbox, smtpSettings } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Records the mail in the college's outbox and sends it with the college's SMTP settings
   * when it has them. Resolves once the mail is recorded; sending goes on in the background
   * (so a slow SMTP server neither delays the answer nor tells whether an account exists).
   */
  send(collegeId: string, mail: Mail): Promise<void>;
  /**
   * Records mails in the caller's transaction `tx`, so they exist exactly when what they
   * report does (the emergency cascade marks its receipts emailed in the same transaction: a
   * restart neither loses nor doubles one). Nothing leaves before the commit: call `deliver`
   * after it to send them with the college's SMTP settings, when it has them.
   */
  record(tx: Database, collegeId: string, mails: readonly Mail[]): Promise<{ deliver: () => void }>;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createMailer(db: Database, log: FastifyBaseLogger): Mailer {
  const inFlight = new Set<Promise<void>>();

  const transportOf = (settings: typeof smtpSettings.$inferSelect, pooled: boolean) =>
    createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.username ? { user: settings.username, pass: settings.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      ...(pooled ? { pool: true, maxConnections: 3 } : {}),
    });

  async function deliver(id: string, settings: typeof smtpSettings.$inferSelect, mail: Mail, transport = transportOf(settings, false)): Promise<void> {
    try {
      await transport.sendMail({
        from: settings.fromName ? { name: settings.fromName, address: settings.fromAddress } : settings.fromAddress,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ mailId: id, error: message }, 'mail sending failed');
      await db.update(mailOutbox).set({ status: 'failed', error: message.slice(0, 1000) }).where(eq(mailOutbox.id, id));
    }
  }

  const track = (sending: Promise<void>) => {
    const tracked = sending.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const start = (id: string, settings: typeof smtpSettings.$inferSelect, mail: Mail) => {
    const transport = transportOf(settings, false);
    track(deliver(id, settings, mail, transport).finally(() => transport.close()));
  };

  return {
    async record(tx, collegeId, mails) {
      if (mails.length === 0) return { deliver: () => undefined };
      const [settings] = await tx.select().from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).limit(1);
      const rows = mails.map((mail) => ({ id: uuidv7(), collegeId, ...mail, status: settings ? ('pending' as const) : ('logged' as const) }));
      await tx.insert(mailOutbox).values(rows);
      return {
        deliver: () => {
          if (!settings) {
            log.info({ mails: rows.length }, 'mails recorded in outbox (no SMTP settings)');
            return;
          }
          // Many mails at once (an alert to a whole school): one pooled transport, a few
          // connections, rather than a connection per mail.
          const transport = transportOf(settings, true);
          track(Promise.all(rows.map((row, i) => deliver(row.id, settings, mails[i]!, transport))).then(() => transport.close()));
        },
      };
    },
    async send(collegeId, mail) {
      const [settings] = await db.select().from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).limit(1);
      const id = uuidv7();
      await db.insert(mailOutbox).values({ id, collegeId, ...mail, status: settings ? 'pending' : 'logged' });
      if (!settings) {
        log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail recorded in outbox (no SMTP settings)');
        return;
      }
      start(id, settings, mail);
    },
    async idle() {
      await Promise.all([...inFlight]);
    },
  };
}
