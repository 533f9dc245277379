/**
 * TOTP codes of an authenticator app (RFC 6238, 30 s steps, 6 digits) through otplib. A code
 * is accepted for the previous, current and next step (a phone's clock a little off), and only
 * for a step later than the last one accepted, so a code seen over a shoulder cannot be reused.
 */
import { timingSafeEqual } from 'node:crypto';
import { generateSecret, generateSync, generateURI } from 'otplib';

export const totpPeriodSeconds = 30;

/** The steps tried around now: the previous, the current and the next window. */
const tolerance = [-1, 0, 1] as const;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / totpPeriodSeconds);
}

export function totpCode(secret: string, step: number): string {
  return generateSync({ secret, epoch: step * totpPeriodSeconds });
}

/** The otpauth:// address the enrolment's QR code carries. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The step `code` matches, or null when it matches none of the three windows or only a step
 * at or before `lastStep` (already used, or older than a code already used).
 */
export function matchTotpStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  const typed = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const now = totpStep(nowMs);
  for (const offset of tolerance) {
    const step = now + offset;
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(typed))) return step;
  }
  return null;
}
