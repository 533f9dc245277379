import { resolve } from 'node:path';
import { defaultDocumentMaxBytes } from '../contract/documents';
import type { AttachmentOwners } from './attachments/owners';
import type { BackupSchedule } from './backup/backupJob';
import { defaultSignInLimits, type SignInLimits } from './auth/loginThrottle';
import type { CollegeDirectory } from './tenancy/collegeDirectory';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { PushSender } from './push/sender';
import type { Storage } from './storage/storage';
import type { QuietPollsOptions } from './sync/quietPolls';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

export interface AppConfig {
  /** Holds the embedded database and `uploads/`. */
  dataDir: string;
  /** The built PWA (`dist/`), served with an SPA fallback; null serves the API only. */
  staticDir: string | null;
  /** Trust X-Forwarded-* (Host, proto, client IP) from a reverse proxy. */
  trustProxy: boolean;
  /**
   * Per-IP limits of the mail-sending and account-creating endpoints, and per-address limit
   * of a calendar feed (server/events/feedRoutes.ts).
   */
  rateLimits: { forgotPassword: RateLimit; signup: RateLimit; calendarFeed: RateLimit };
  /** Sign-in's wider limits, in the database beside the account-and-address one (server/auth/loginThrottle.ts). */
  signInLimits: SignInLimits;
  logger: boolean;
  /** Run the periodic jobs (server/jobs.ts) in this process; tests run them by hand. */
  jobs: boolean;
  /**
   * Push services besides the public ones (server/push/pushEndpoints.ts), as `host` or
   * `host:port` (`PATIO_PUSH_HOSTS`, comma-separated): a private deployment's own push
   * service, or one on loopback in tests (plain http is allowed on loopback only).
   */
  pushHosts: readonly string[];
  /** The size cap of one document's file (`PATIO_DOCUMENT_MAX_BYTES`, default 50 MB). */
  documentMaxBytes: number;
  /**
   * How long the quiet polls' memory lasts (server/sync/quietPolls.ts; its defaults when
   * unset). Tests make it outlast themselves, so that only a notification can change it.
   */
  quietPolls?: Pick<QuietPollsOptions, 'sessionTtlMs' | 'counterRefreshMs' | 'counterTtlMs'>;
  /** Scheduled backups (`PATIO_BACKUP_DIR` and its companions, server/env.ts); null: none. */
  backup: BackupSchedule | null;
  /** The bearer token of `GET /metrics` (`PATIO_METRICS_TOKEN`); null: no metrics are served (404). */
  metricsToken: string | null;
}

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    dataDir: resolve('data'),
    staticDir: null,
    trustProxy: false,
    rateLimits: {
      forgotPassword: { max: 10, timeWindowMs: 15 * 60 * 1000 },
      signup: { max: 10, timeWindowMs: 60 * 60 * 1000 },
      // Calendar apps read a feed every few minutes to hours; a member may subscribe on
      // several devices. Far above that, a feed address is being hammered.
      calendarFeed: { max: 60, timeWindowMs: 10 * 60 * 1000 },
    },
    signInLimits: defaultSignInLimits,
    logger: false,
    jobs: false,
    pushHosts: [],
    documentMaxBytes: defaultDocumentMaxBytes,
    backup: null,
    metricsToken: null,
    ...overrides,
  };
}

/** What every feature's routes receive. */
export interface AppContext {
  db: Database;
  config: AppConfig;
  directory: CollegeDirectory;
  mailer: Mailer;
  storage: Storage;
  /** Web Push (server/push): the sender, and the public half of the VAPID keys for browsers. */
  push: PushSender;
  vapidPublicKey: string;
  /** The kinds of row that have attachments, declared by their features (server/feature.ts). */
  attachmentOwners: AttachmentOwners;
}
