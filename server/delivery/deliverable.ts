import type { AudienceScope } from '../../contract/audience';
import type { DeliveryKind, MailLanguage } from '../../contract/delivery';
import type { Database } from '../db/client';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';

/** A file of an item, as its email links to it. */
export interface DeliverableAttachment {
  id: string;
  name: string;
  size: number;
}

/** An item as its email, its push and its report need it (read when they leave: edits are in them). */
export interface DeliverableItem {
  id: string;
  collegeId: string;
  authorId: string | null;
  authorName: string;
  title: string;
  /** Sanitised HTML of its text (server/richText), or null for plain text. */
  html: string | null;
  /** Its text as plain text. */
  text: string;
  /** What stands under the title: an event's day, time and place, in the reader's language. */
  details: (language: MailLanguage, timeZone: string) => string[];
  /** Where it opens in the app, a path (`/blog/post/<id>`). */
  path: string;
  attachments: DeliverableAttachment[];
  /** Who may see it now (contract/audience.ts keys), and whether it was deleted. */
  audienceKeys: string[];
  /** The scope it was written for: who it is addressed to, beside who may read it (contract/notifications.ts `addressedRoles`). */
  scope: AudienceScope;
  deleted: boolean;
  emergency: boolean;
  /** When it was published: a digest lists its items in that order. */
  publishedAt: Date;
}

/**
 * A kind of item a feature delivers to members (posts, events, notifications), declared in
 * its `FeatureModule.deliverables`: the delivery core (server/delivery) plans, emails, pushes
 * and reports items through it without naming the feature.
 */
export interface Deliverable {
  kind: DeliveryKind;
  /** The items with these ids in any state, deleted ones too; unknown ids are left out. */
  load: (db: Database, collegeId: string, ids: readonly string[]) => Promise<DeliverableItem[]>;
  /** The active members the item is addressed to now (not its author). */
  recipients: (db: Database, item: DeliverableItem) => Promise<string[]>;
  /**
   * The member read it from the email's button: counted as the feature counts a read in the
   * app (a post's views and statistics, a notification's receipt), in the caller's write.
   */
  markRead: (write: Write, userId: string, item: DeliverableItem, now: Date) => Promise<void>;
  /** The core pushes it to the member's devices (false: the feature pushes it itself). */
  pushed: boolean;
  /** "Send again": the feature's own part (a notification's pushes), beside the core's email. */
  remind?: (write: Write, actor: MutationActor, item: DeliverableItem, now: Date) => Promise<void>;
  /** The file an email links to, when it is one of this item's: where it is stored. */
  file?: (db: Database, item: DeliverableItem, attachmentId: string) => Promise<{ path: string; name: string; mime: string; size: number } | null>;
}
