import { messages } from './messages';
import { z } from './zod';

/**
 * Reaching every member (docs/features/delivery.md): how each member wants posts, events and
 * notifications addressed to them (in the app, an email each, or one email a day), what the
 * college sets for it, and what the sender of an item sees of its delivery.
 */

/** The kinds of item that are delivered to members (the report's `kind` in its path). */
export const deliveryKinds = ['post', 'event', 'notification'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/**
 * `app`: in the app only (and its pushes); `immediate`: also by email as they are
 * published; `digest`: also in one email a day, at 18:00 in the college's time zone.
 */
export const deliveryModes = ['app', 'immediate', 'digest'] as const;
export type DeliveryMode = (typeof deliveryModes)[number];
const mode = z.enum(deliveryModes, { error: messages.deliveryModeInvalid });
const count = z.number().int().min(0);

/** The hour of the day's digest, in the college's time zone. */
export const digestHour = 18;

/** The languages a member's mails can be written in (the app's own, src/i18n/locales.ts). */
export const mailLanguages = ['en', 'es', 'es-MX', 'fr', 'zh-CN', 'ar', 'de'] as const;
export type MailLanguage = (typeof mailLanguages)[number];
export const mailLanguage = z.enum(mailLanguages, { error: messages.languageInvalid });

/** A member's choices per kind, by the field each kind has in them. */
export const deliveryFields = ['posts', 'events', 'notifications'] as const;
export type DeliveryField = (typeof deliveryFields)[number];
export const fieldOfKind = { post: 'posts', event: 'events', notification: 'notifications' } as const satisfies Record<DeliveryKind, DeliveryField>;

/** What the member (or an administrator for them) chooses: one mode per kind of item. */
export const deliveryPreferencesInput = z.object({
  posts: mode,
  events: mode,
  notifications: mode,
});
export type DeliveryPreferencesInput = z.infer<typeof deliveryPreferencesInput>;

/**
 * `GET /api/v1/profile/delivery-preferences`, and an administrator's
 * `GET /api/v1/admin/members/{id}/delivery-preferences`: the modes in force (the defaults
 * when nothing was chosen: `digest` for a member who has never signed in, else `app`), and
 * what decides whether email reaches them at all.
 */
export const deliveryPreferences = deliveryPreferencesInput.extend({
  /** False: nothing chosen yet, the modes above are the defaults. */
  chosen: z.boolean(),
  /** The address mails go to ('' when the member has none). */
  email: z.string(),
  /** Whether the member has ever signed in (the default depends on it). */
  signed_in_ever: z.boolean(),
  /**
   * No device of theirs has synced within the college's `inactive_days`: they get email even
   * if they chose the app only.
   */
  inactive: z.boolean(),
  /** The college's `inactive_days`, to say so. */
  inactive_days: count,
  /** The language their mails are written in. */
  language: mailLanguage,
  /** The mail server refused their address permanently: no more mail goes to it until it changes. */
  bounce: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /**
   * The kinds they unsubscribed from by a mail's link: in the app only, inactive or not, and
   * whatever an administrator sets, until they themselves choose email for it again.
   */
  unsubscribed: z.array(z.enum(deliveryFields)),
});
export type DeliveryPreferences = z.infer<typeof deliveryPreferences>;

/** `PUT /api/v1/profile/language`: the language the member uses the app in, for their mails. */
export const memberLanguageInput = z.object({ language: mailLanguage });

/** `GET`/`PUT /api/v1/admin/delivery-settings` (administrators). */
export const deliverySettings = z.object({
  /** A member none of whose devices synced in this many days gets email whatever they chose. */
  inactive_days: z
    .number({ error: messages.inactiveDaysInvalid })
    .int({ error: messages.inactiveDaysInvalid })
    .min(1, { error: messages.inactiveDaysInvalid })
    .max(90, { error: messages.inactiveDaysInvalid }),
  /** Mails handed to the college's SMTP server per second, at most. */
  mails_per_second: z
    .number({ error: messages.mailRateInvalid })
    .int({ error: messages.mailRateInvalid })
    .min(1, { error: messages.mailRateInvalid })
    .max(1000, { error: messages.mailRateInvalid }),
});
export type DeliverySettings = z.infer<typeof deliverySettings>;
export const defaultDeliverySettings: DeliverySettings = { inactive_days: 7, mails_per_second: 10 };

/** Why a member was not reached: no address to write to (or it bounces), or they unsubscribed, and no device. */
export const unreachedReasons = ['no_email', 'email_bounces', 'unsubscribed'] as const;

/**
 * `GET /api/v1/deliveries/{kind}/{id}`: how far an item got, for its author and
 * administrators. Every figure counts members of `addressed_to` (those it was addressed
 * to when published, and those who joined its audience since).
 */
export const deliveryReport = z.object({
  kind: z.enum(deliveryKinds),
  item_id: z.string(),
  /**
   * `planned`: the figures below are its delivery's; `planning`: just published, who it
   * reaches is being worked out (seconds); `untracked`: published before Patio counted
   * deliveries (every figure is 0 and means nothing).
   */
  state: z.enum(['untracked', 'planning', 'planned']),
  addressed_to: count,
  /** Read it in the app (opening the email's button counts: it opens the app). */
  seen: count,
  /** At least one of their devices' push service accepted a push of it. */
  pushed: count,
  /** Its email (or the digest holding it) was accepted by the college's mail server. */
  emailed: count,
  /** Opened it from the email's button. */
  opened_from_email: count,
  /** Their email is still to leave: queued now, or in today's digest. */
  email_waiting: count,
  /** Recorded but not sent: the college has no mail server configured. */
  email_not_sent: count,
  /** The mail server refused it, permanently or after every retry. */
  email_failed: count,
  /** Not read, no email sent, no device that could have shown it. */
  not_reached: count,
  /** Who was not reached, by name (the first 200). */
  not_reached_members: z.array(z.object({ user_id: z.string(), name: z.string(), role: z.string(), reason: z.enum(unreachedReasons) })),
  /** Who has not read it, how many ("send again" goes to them). */
  unread: count,
  /** When "send again" was last used, ISO, or null. */
  reminded_at: z.string().nullable(),
  /** The mail server is not configured: emails are recorded, not sent. */
  mail_configured: z.boolean(),
});
export type DeliveryReport = z.infer<typeof deliveryReport>;

/** `POST /api/v1/deliveries/{kind}/{id}/remind`: pushed and emailed again to whoever has not read it. */
export const deliveryRemindAnswer = z.object({ pushed: count, emailed: count });
