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
  /** Resolves when every send started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createMailer(db: Database, log: FastifyBaseLogger): Mailer {
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: string, settings: typeof smtpSettings.$inferSelect, mail: Mail): Promise<void> {
    try {
      const transport = createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        auth: settings.username ? { user: settings.username, pass: settings.password } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      await transport.sendMail({
        from: settings.fromName ? { name: settings.fromName, address: settings.fromAddress } : settings.fromAddress,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      transport.close();
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ mailId: id, error: message }, 'mail sending failed');
      await db.update(mailOutbox).set({ status: 'failed', error: message.slice(0, 1000) }).where(eq(mailOutbox.id, id));
    }
  }

  return {
    async send(collegeId, mail) {
      const [settings] = await db.select().from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).limit(1);
      const id = uuidv7();
      await db.insert(mailOutbox).values({ id, collegeId, ...mail, status: settings ? 'pending' : 'logged' });
      if (!settings) {
        log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail recorded in outbox (no SMTP settings)');
        return;
      }
      const sending = deliver(id, settings, mail).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async idle() {
      await Promise.all([...inFlight]);
    },
  };
}
