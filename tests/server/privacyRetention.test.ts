import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { conversationMembers, conversations, messengerMessages } from '../../server/messenger/schema';
import { cutoffOf, runRetention } from '../../server/privacy/retention';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { conversationOf, newMember } from './privacyHelpers';
import { collegeRefs, deletedIds, pullAll, push, type CollegeRefs, type Session } from './syncHelpers';

describe('the retention cut-off', () => {
  it('goes back calendar months, keeping the time of day, and the 31st becomes the shorter month’s last day', () => {
    expect(cutoffOf(new Date('2031-08-15T10:30:00Z'), 6).toISOString()).toBe('2031-02-15T10:30:00.000Z');
    expect(cutoffOf(new Date('2031-05-31T23:00:00Z'), 3).toISOString()).toBe('2031-02-28T23:00:00.000Z');
    expect(cutoffOf(new Date('2032-03-31T00:00:00Z'), 1).toISOString()).toBe('2032-02-29T00:00:00.000Z');
    expect(cutoffOf(new Date('2031-01-10T08:00:00Z'), 13).toISOString()).toBe('2029-12-10T08:00:00.000Z');
  });
});

describe.each(backends)('message retention on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  let refs: CollegeRefs;
  let admin: Session;

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    admin = { app: server.app, host, token: await signIn(server.app, host, { email: 'admin@colinas.test' }) };
  });
  afterAll(() => server.close());

  const member = () => newMember(server, host, refs.collegeId, 'colinas', 'staff', [refs.sectionId('1° Básico A')]);
  const backdate = async (ids: string[], at: Date) => {
    await server.db.update(messengerMessages).set({ createdAt: at }).where(inArray(messengerMessages.id, ids));
  };

  it('deletes messages older than the period and conversations left empty and idle; devices follow', async () => {
    const now = new Date('2031-09-01T12:00:00Z');
    const old = new Date('2031-01-01T12:00:00Z');
    const recent = new Date('2031-08-20T12:00:00Z');
    const [a, b, c] = [await member(), await member(), await member()];
    // A conversation with an old and a recent message: the old one goes, it stays.
    const mixed = await conversationOf(a, b, 'viejo', 'reciente');
    await backdate([mixed.messageA], old);
    await backdate([mixed.messageB], recent);
    // A conversation whose messages are all old, itself idle since then: it goes with them.
    const stale = await conversationOf(a, c, 'muy viejo', 'también viejo');
    await backdate([stale.messageA, stale.messageB], old);
    await server.db.update(conversations).set({ createdAt: old, updatedAt: old }).where(eq(conversations.id, stale.conversationId));
    // An empty group made recently stays.
    const group = uuidv7();
    expect(await push(a, [{ name: 'messenger.createGroup', args: { id: group, name: 'Nuevo grupo', member_ids: [b.id], admin_ids: [] } }])).toMatchObject([
      { status: 'applied' },
    ]);
    await server.db.update(conversations).set({ createdAt: recent, updatedAt: recent }).where(eq(conversations.id, group));
    const { cursor: cursorA } = await pullAll(a);
    const { cursor: cursorB } = await pullAll(b);

    // Off by default: nothing happens.
    await runRetention(server.db, now);
    expect((await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, mixed.messageA)))[0]!.deletedAt).toBeNull();

    expect(await push(admin, [{ name: 'privacy.setSettings', args: { erasure_policy: 'keep', message_retention_months: 6 } }])).toMatchObject([
      { status: 'applied' },
    ]);
    await runRetention(server.db, now);

    const byId = async (id: string) => (await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, id)))[0]!;
    expect((await byId(mixed.messageA)).deletedAt).not.toBeNull();
    expect(await byId(mixed.messageA)).toMatchObject({ text: '' });
    expect((await byId(mixed.messageB)).deletedAt).toBeNull();
    const conversation = async (id: string) => (await server.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;
    expect((await conversation(mixed.conversationId)).deletedAt).toBeNull();
    expect((await conversation(stale.conversationId)).deletedAt).not.toBeNull();
    expect((await conversation(group)).deletedAt).toBeNull();
    const staleMembers = await server.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, stale.conversationId));
    expect(staleMembers.every((m) => m.deletedAt !== null)).toBe(true);

    const seenByA = (await pullAll(a, cursorA)).changes;
    expect(deletedIds(seenByA, 'messages').sort()).toEqual([mixed.messageA, stale.messageA, stale.messageB].sort());
    expect(deletedIds(seenByA, 'conversations')).toEqual([stale.conversationId]);
    const seenByB = (await pullAll(b, cursorB)).changes;
    // B was never in the stale conversation: nothing of it reaches them.
    expect(deletedIds(seenByB, 'messages')).toEqual([mixed.messageA]);
    expect(deletedIds(seenByB, 'conversations')).toEqual([]);

    // A second run finds nothing more to do.
    const { cursor } = await pullAll(a);
    await runRetention(server.db, now);
    expect((await pullAll(a, cursor)).changes).toEqual([]);
  });
});
