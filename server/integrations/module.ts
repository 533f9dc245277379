import type { FeatureModule } from '../feature';
import type { Job } from '../jobs';
import { smtpRoutes } from './smtpRoutes';

/** Retries the `pending` mails whose next attempt is due (server/mail/mailer.ts, backoff). */
export const mailRetryJob: Job = {
  name: 'mail-retry',
  everyMs: 30_000,
  run: async (_db, now, { mailer }) => {
    await mailer.retryDue(now);
  },
};

/**
 * The college's integrations (docs/features/integrations.md): its SMTP server, which every mail of the college
 * goes through once saved (server/mail/mailer.ts is the only door), and the mail log.
 */
export const integrationsModule: FeatureModule = {
  name: 'integrations',
  routes: smtpRoutes,
  jobs: [mailRetryJob],
};
