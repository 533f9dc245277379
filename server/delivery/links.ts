import { timingSafeEqual } from 'node:crypto';
import { deliveryKinds, type DeliveryKind } from '../../contract/delivery';
import type { SecretKey } from '../mail/secretKey';

/**
 * The signed links of a member's mails. Each is single-purpose and names everything it acts
 * on, so nothing but its signature needs checking to trust it, and no row is kept per link:
 *
 * - `open`: the item's button; opening marks the item read for that member and opens it;
 * - `unsubscribe`: `List-Unsubscribe` (RFC 8058) and the footer's link; switches that member
 *   to the app only for that kind (`digest`: every kind they get in the day's digest).
 *
 * A token is base64url of: version (1 byte), purpose (1), kind (1), the college, the member
 * and the item (16 bytes each; the item is zero for a digest), the expiry (seconds, 4), then
 * the first 16 bytes of an HMAC-SHA-256 of all that under the installation's secret key
 * (server/mail/secretKey.ts `mac`).
 */
export type LinkPurpose = 'open' | 'unsubscribe';
export type LinkKind = DeliveryKind | 'digest';

export interface MailLink {
  purpose: LinkPurpose;
  kind: LinkKind;
  collegeId: string;
  userId: string;
  /** Null for a digest's unsubscribe link. */
  itemId: string | null;
  expiresAt: Date;
}

/** How long links stay valid: an item's button for two months, unsubscribing for a year. */
export const linkLifetimeMs: Record<LinkPurpose, number> = { open: 60 * 86_400_000, unsubscribe: 365 * 86_400_000 };

const version = 1;
const purposes: readonly LinkPurpose[] = ['open', 'unsubscribe'];
const kinds: readonly LinkKind[] = [...deliveryKinds, 'digest'];
const macPurpose = 'mail links';
const bodyLength = 3 + 16 * 3 + 4;
const macLength = 16;
const zeroUuid = '00000000-0000-0000-0000-000000000000';

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function signLink(secrets: SecretKey, link: MailLink): string {
  const body = Buffer.alloc(bodyLength);
  body[0] = version;
  body[1] = purposes.indexOf(link.purpose);
  body[2] = kinds.indexOf(link.kind);
  uuidBytes(link.collegeId).copy(body, 3);
  uuidBytes(link.userId).copy(body, 19);
  uuidBytes(link.itemId ?? zeroUuid).copy(body, 35);
  body.writeUInt32BE(Math.floor(link.expiresAt.getTime() / 1000), 51);
  return Buffer.concat([body, secrets.mac(macPurpose, body).subarray(0, macLength)]).toString('base64url');
}

/** Why a link is refused (each has its page, server/delivery/linkRoutes.ts). */
export type LinkRefusal = 'invalid' | 'expired';

/** The link a token stands for, or why not: a token not made by this server (or altered) is `invalid`. */
export function readLink(secrets: SecretKey, token: string, purpose: LinkPurpose, now: Date): MailLink | LinkRefusal {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return 'invalid';
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== bodyLength + macLength) return 'invalid';
  const body = raw.subarray(0, bodyLength);
  const expected = secrets.mac(macPurpose, body).subarray(0, macLength);
  if (!timingSafeEqual(expected, raw.subarray(bodyLength))) return 'invalid';
  if (body[0] !== version || purposes[body[1]!] !== purpose) return 'invalid';
  const kind = kinds[body[2]!];
  if (!kind) return 'invalid';
  const itemId = uuidText(body.subarray(35, 51));
  const link: MailLink = {
    purpose,
    kind,
    collegeId: uuidText(body.subarray(3, 19)),
    userId: uuidText(body.subarray(19, 35)),
    itemId: itemId === zeroUuid ? null : itemId,
    expiresAt: new Date(body.readUInt32BE(51) * 1000),
  };
  if ((kind === 'digest') !== (link.itemId === null)) return 'invalid';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return link;
}
