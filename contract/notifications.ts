import { z } from './zod';
import { audienceFields, audienceScopes, requireSections, type AudienceReach } from './audience';
import type { AudienceScope } from './audienceScopes';
import type { Role } from './permissions';
import { messages } from './messages';
import { text } from './text';

/**
 * Notifications (the original app's title, content, scope, emergency-alert flag) and what each member
 * did with them. One schema per shape serves the form, the push mutations and REST.
 *
 * - `notifications` (synced, by audience): what the college sent.
 * - `notificationReceipts` (synced, to the member alone: audience key `user:<id>`): one row
 *   per member reached, made when the notification is sent, carrying when that member read
 *   and acknowledged it. A second device of the same member learns it was read.
 * - Delivery figures (sent to, pushed, read, acknowledged, emailed) are for staff, over REST
 *   only: counts change with every reader, and syncing them would re-send the notification
 *   to the whole audience each time someone opens it.
 */

/** A notification as synced to devices and answered by `GET /api/v1/notifications`. */
export const notification = z.object({
  id: z.string(),
  college_id: z.string(),
  title: z.string(),
  /** Plain text (line breaks kept): it is also a push message and an email. */
  content: z.string(),
  emergency: z.boolean(),
  course_ids: z.array(z.string()),
  grade_ids: z.array(z.string()),
  section_ids: z.array(z.string()),
  scope: z.enum(audienceScopes),
  author_id: z.string().nullable(),
  author_name: z.string(),
  /** ISO timestamp: when it was sent (lists sort by it, newest first). */
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** A member's receipt of one notification (entity `notificationReceipts`). */
export const notificationReceipt = z.object({
  id: z.string(),
  notification_id: z.string(),
  /** ISO timestamps, null until the member opened it / said "I have read this". */
  read_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type NotificationReceipt = z.infer<typeof notificationReceipt>;

export const notificationTitleMax = 120;
/** Short enough for a push message (4 KB encrypted) and a phone's lock screen to carry. */
export const notificationContentMax = 2000;

const notificationFieldsShape = z.object({
  title: text({ max: notificationTitleMax, trim: true, error: messages.postTitleRequired }).min(1, { error: messages.postTitleRequired }),
  content: text({ max: notificationContentMax, trim: true, error: messages.notificationContentRequired }).min(1, {
    error: messages.notificationContentRequired,
  }),
  emergency: z.boolean().default(false),
  ...audienceFields.shape,
});

/** The fields a person writes (the form). */
export const notificationFields = notificationFieldsShape.superRefine(requireSections);
export type NotificationFields = z.input<typeof notificationFields>;

/**
 * Mutation `notifications.create` and `POST /api/v1/notifications`: the id is a UUIDv7 made
 * by the device. Sent at once: there is no edit (a sent message cannot be unsent; a
 * correction is a new notification).
 */
export const createNotificationArgs = notificationFieldsShape.extend({ id: z.uuid() }).superRefine(requireSections);
export type CreateNotificationArgs = z.input<typeof createNotificationArgs>;

/** Mutations `notifications.read` and `notifications.acknowledge` (acknowledging also reads). */
export const notificationReceiptArgs = z.object({ notification_id: z.uuid() });
export type NotificationReceiptArgs = z.infer<typeof notificationReceiptArgs>;

/** Mutation `notifications.remind` (staff, admin): push it again to the members who have not read it. */
export const remindNotificationArgs = z.object({ notification_id: z.uuid() });
export type RemindNotificationArgs = z.infer<typeof remindNotificationArgs>;

const count = z.number().int().min(0);

/** `GET /api/v1/notifications`: the signed-in member's notifications, newest first, a page at a time. */
export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/**
 * One notification with what the member did with it: null read/acknowledged times when they
 * have not, or when it was not sent to them (they joined its audience later, or wrote it).
 */
export const notificationListItem = notification.extend({
  read_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export const notificationListResponse = z.object({
  data: z.array(notificationListItem),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() }),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** `POST /api/v1/notifications` (REST): the id is optional, made by the server when missing. */
export const restCreateNotificationBody = notificationFieldsShape.extend({ id: z.uuid().optional() }).superRefine(requireSections);

/** `GET /api/v1/notifications/{id}/delivery` (staff, admin): how far a notification got. */
export const notificationDelivery = z.object({
  notification_id: z.string(),
  /** Members it was sent to (its audience when it was sent). */
  sent_to: count,
  /** Members at least one of whose devices the push service accepted it for. */
  pushed: count,
  read: count,
  acknowledged: count,
  /** Emergency alerts: members it was emailed to after the college's wait. */
  emailed: count,
  /** Members still waiting for their quiet hours to end before a push. */
  waiting_quiet_hours: count,
  /** Who has not read it yet, by name (the first 200). */
  unread: z.array(z.object({ user_id: z.string(), name: z.string(), role: z.string() })),
  /** When "send again" was last used, ISO, or null. */
  reminded_at: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;

/** `GET /api/v1/notifications/sent` (staff, admin): what the college sent, newest first, with figures. */
export const sentNotification = notification.extend({
  sent_to: count,
  read: count,
  acknowledged: count,
});
export const sentNotificationsResponse = z.object({ data: z.array(sentNotification) });
export type SentNotification = z.infer<typeof sentNotification>;

/** A wall-clock time of day, `HH:MM`. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.timeInvalid });

/**
 * `GET/PUT /api/v1/notifications/preferences`: quiet hours in the college's time zone. In
 * them, ordinary notifications are not pushed and arrive as one summary when they end;
 * emergency alerts always go. `start` = `end` is refused (a quiet day is "off").
 */
export const notificationPreferences = z
  .object({
    quiet_hours: z.boolean(),
    quiet_start: timeOfDay,
    quiet_end: timeOfDay,
  })
  .refine((value) => value.quiet_start !== value.quiet_end, { error: messages.quietHoursEmpty, path: ['quiet_end'] });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const defaultNotificationPreferences: NotificationPreferences = { quiet_hours: true, quiet_start: '21:00', quiet_end: '07:00' };

/** The college's wait before an unacknowledged emergency alert is emailed (minutes). */
export const defaultEmergencyEmailMinutes = 10;
export const emergencyEmailMinutes = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);

/** `GET/PUT /api/v1/admin/notification-settings` (administrators). */
export const notificationSettings = z.object({ emergency_email_minutes: emergencyEmailMinutes });
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * Who a notification is sent to (a receipt, a push, an email for an alert): the roles its
 * scope names. Staff and administrators may read every notification addressed to sections
 * (contract/audience.ts), but a message "to the families of 1° A" is not pushed to every
 * teacher: only to the families. Its author receives nothing.
 */
export function addressedRoles(scope: AudienceScope): readonly Role[] {
  switch (scope) {
    case 'college':
      return ['admin', 'staff', 'student', 'guardian'];
    case 'staff':
      return ['admin', 'staff'];
    case 'students':
      return ['student'];
    case 'guardians':
      return ['guardian'];
    default:
      return ['student', 'guardian'];
  }
}

/**
 * The people a notification will be sent to, from the audience's reach (`POST
 * /api/v1/audience/reach`, which counts who may read it): the roles the scope names, less
 * the author when the scope names them too (college, staff).
 */
export function notificationReceivers(reach: AudienceReach, scope: AudienceScope): AudienceReach {
  const roles = addressedRoles(scope);
  const students = roles.includes('student') ? reach.students : 0;
  const guardians = roles.includes('guardian') ? reach.guardians : 0;
  const staff = roles.includes('staff') ? Math.max(reach.staff - 1, 0) : 0;
  return { total: students + guardians + staff, students, guardians, staff };
}
