import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { hashRecoveryCode, recoveryCodeCount, regenerateRecoveryCodes, useRecoveryCode } from '../../server/secondFactor/recoveryCodes';
import { recoveryCodes } from '../../server/secondFactor/schema';
import { issueSignInTicket, readSignInTicket, takeSignInTicket, ticketLifetimeMs } from '../../server/secondFactor/tickets';
import { matchTotpStep, newTotpSecret, totpCode, totpPeriodSeconds, totpStep } from '../../server/secondFactor/totp';
import { backends, startServer, type TestServer } from './harness';

describe('TOTP codes against a fake clock', () => {
  const secret = newTotpSecret();
  // A fixed instant in the middle of a step: the clock is ours, not the machine's.
  const now = Date.UTC(2026, 11, 2, 12, 0, 15);
  const step = totpStep(now);

  it('accepts the previous, current and next 30 s windows and answers the step matched', () => {
    for (const offset of [-1, 0, 1]) expect(matchTotpStep(secret, totpCode(secret, step + offset), now, null)).toBe(step + offset);
  });

  it('refuses a code two windows away on either side', () => {
    expect(matchTotpStep(secret, totpCode(secret, step - 2), now, null)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step + 2), now, null)).toBeNull();
    // Two steps later by the clock, the code of `step` is out too.
    expect(matchTotpStep(secret, totpCode(secret, step), now + 2 * totpPeriodSeconds * 1000, null)).toBeNull();
  });

  it('refuses a code reused, or older than the last accepted', () => {
    const code = totpCode(secret, step);
    const accepted = matchTotpStep(secret, code, now, null);
    expect(accepted).toBe(step);
    expect(matchTotpStep(secret, code, now, accepted)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step - 1), now, accepted)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step + 1), now, accepted)).toBe(step + 1);
  });

  it('refuses what is not six digits, and another secret’s code', () => {
    for (const typed of ['', '12345', '1234567', 'abcdef', '１２３４５６']) expect(matchTotpStep(secret, typed, now, null)).toBeNull();
    expect(matchTotpStep(newTotpSecret(), totpCode(secret, step), now, null)).toBeNull();
  });
});

describe.each(backends)('recovery codes on $name', (backend) => {
  let server: TestServer;
  let admin: { id: string; collegeId: string };
  let other: { id: string; collegeId: string };

  const member = async (email: string) => {
    const [row] = await server.db.select({ id: users.id, collegeId: users.collegeId }).from(users).where(eq(users.email, email));
    return row!;
  };

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await member('admin@colinas.test');
    other = await member('staff@british.test');
  });
  afterAll(() => server.close());

  it('gives ten distinct codes, stored only hashed', async () => {
    const codes = await regenerateRecoveryCodes(server.db, admin.collegeId, admin.id);
    expect(new Set(codes).size).toBe(recoveryCodeCount);
    const stored = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(stored.some((row) => codes.includes(row.codeHash))).toBe(false);
  });

  it('takes a code once only, even when it arrives twice at the same time', async () => {
    const [code] = await regenerateRecoveryCodes(server.db, admin.collegeId, admin.id);
    const burst = await Promise.all(Array.from({ length: 5 }, () => useRecoveryCode(server.db, admin.collegeId, admin.id, code!)));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect(await useRecoveryCode(server.db, admin.collegeId, admin.id, code!)).toBe(false);
  });

  it('reads a code typed in lower case with spaces, and refuses another member’s or another college’s use', async () => {
    const codes = await regenerateRecoveryCodes(server.db, admin.collegeId, admin.id);
    expect(await useRecoveryCode(server.db, other.collegeId, admin.id, codes[0]!)).toBe(false);
    expect(await useRecoveryCode(server.db, other.collegeId, other.id, codes[0]!)).toBe(false);
    expect(await useRecoveryCode(server.db, admin.collegeId, admin.id, ` ${codes[0]!.toLowerCase().replace('-', ' ')} `)).toBe(true);
  });

  it('regenerating replaces the old set: an old code no longer works', async () => {
    const old = await regenerateRecoveryCodes(server.db, admin.collegeId, admin.id);
    const fresh = await regenerateRecoveryCodes(server.db, admin.collegeId, admin.id);
    expect(await useRecoveryCode(server.db, admin.collegeId, admin.id, old[1]!)).toBe(false);
    expect(await useRecoveryCode(server.db, admin.collegeId, admin.id, fresh[1]!)).toBe(true);
    const left = await server.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, admin.id), eq(recoveryCodes.collegeId, admin.collegeId)));
    expect(left).toHaveLength(recoveryCodeCount);
  });

  it('a sign-in ticket is taken once, even by a burst, and names its member only', async () => {
    const { ticket } = await issueSignInTicket(server.db, admin.collegeId, admin.id);
    expect(await readSignInTicket(server.db, admin.collegeId, ticket)).toMatchObject({ userId: admin.id });
    const burst = await Promise.all(Array.from({ length: 5 }, () => takeSignInTicket(server.db, admin.collegeId, ticket)));
    expect(burst.filter((taken) => taken !== null)).toEqual([{ userId: admin.id }]);
    expect(await readSignInTicket(server.db, admin.collegeId, ticket)).toBeNull();
  });

  it('refuses an expired, a wrong and another college’s ticket', async () => {
    const issuedAt = new Date(Date.UTC(2026, 11, 2, 12, 0, 0));
    const { ticket } = await issueSignInTicket(server.db, admin.collegeId, admin.id, issuedAt);
    const expired = new Date(issuedAt.getTime() + ticketLifetimeMs);
    expect(await takeSignInTicket(server.db, admin.collegeId, ticket, expired)).toBeNull();
    expect(await takeSignInTicket(server.db, admin.collegeId, `${ticket}x`, issuedAt)).toBeNull();
    expect(await takeSignInTicket(server.db, other.collegeId, ticket, issuedAt)).toBeNull();
    // Nothing above took it: within its lifetime it still works once.
    expect(await takeSignInTicket(server.db, admin.collegeId, ticket, new Date(expired.getTime() - 1))).toEqual({ userId: admin.id });
  });
});
