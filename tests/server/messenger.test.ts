import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { directConversationId, mayStartConversation, type ConversationMemberRow, type MessageRow } from '../../contract/messenger';
import type { Change } from '../../contract/sync';
import { defaultMessengerRules } from '../../contract/messengerRules';
import { users } from '../../server/db/schema';
import { sendDueMessengerPushes } from '../../server/messenger/messengerPush';
import { conversations, messengerMessages, messengerPushes } from '../../server/messenger/schema';
import { notificationPreferences } from '../../server/push/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { deletedIds, pullAll, push, upsertedIds, type Session } from './syncHelpers';

const rowsOf = <T>(changes: Change[], entity: string): T[] => changes.flatMap((c) => (c.entity === entity && c.op === 'upsert' ? [c.row as unknown as T] : []));

/** A device's stream of pokes, counted (server/sync/syncRoutes.ts `GET /api/v1/sync/stream`). */
async function pokeCounter(server: TestServer, token: string) {
  const { port } = server.app.server.address() as AddressInfo;
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const count = () => text.split('event: poke\n').length - 1;
  const waiters: (() => void)[] = [];
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += chunk.value;
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  const until = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`no ${what}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  await until(() => text.includes('event: ready'), 'ready');
  return { count, atLeast: (n: number) => until(() => count() >= n, `${n} pokes`), close: () => abort.abort() };
}

describe('who may start a conversation with whom', () => {
  const person = (id: string, role: 'admin' | 'staff' | 'student' | 'guardian', sectionIds: string[] = [], childIds: string[] = []) => ({
    id,
    role,
    sectionIds,
    childIds,
  });
  it('follows the school rule, then who the two are to each other', () => {
    const teacher = person('t', 'staff');
    const child = person('c', 'student', ['4A']);
    const classmate = person('m', 'student', ['4A']);
    const other = person('o', 'student', ['5B']);
    const parent = person('p', 'guardian', ['4A'], ['c']);
    const otherParent = person('q', 'guardian', ['4A'], ['m']);
    expect(mayStartConversation(parent, teacher, defaultMessengerRules)).toBe(true);
    expect(mayStartConversation(teacher, otherParent, defaultMessengerRules)).toBe(true);
    expect(mayStartConversation(parent, otherParent, defaultMessengerRules)).toBe(false);
    expect(mayStartConversation(parent, classmate, defaultMessengerRules)).toBe(false);
    expect(mayStartConversation(parent, child, defaultMessengerRules)).toBe(true);
    expect(mayStartConversation(child, parent, defaultMessengerRules)).toBe(true);
    // Students write to classmates only where the school turns it on (contract/messengerRules.ts).
    expect(mayStartConversation(child, classmate, defaultMessengerRules)).toBe(false);
    expect(mayStartConversation(child, classmate, { ...defaultMessengerRules, student_to_student: true })).toBe(true);
    expect(mayStartConversation(child, other, { ...defaultMessengerRules, student_to_student: true })).toBe(false);
    expect(mayStartConversation(child, other, defaultMessengerRules)).toBe(false);
    expect(mayStartConversation(teacher, teacher, defaultMessengerRules)).toBe(false);
  });

  it('gives two members one direct conversation id, whoever starts it', async () => {
    const a = uuidv7();
    const b = uuidv7();
    expect(await directConversationId(a, b)).toBe(await directConversationId(b.toUpperCase(), a));
    expect(await directConversationId(a, b)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe.each(backends)('messenger on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  const emails = {
    staff: 'staff@colinas.test',
    guardian: 'guardian@colinas.test',
    student: 'student@colinas.test',
    admin: 'admin@colinas.test',
    otherStaff: 'matias.silva@colinas.test',
    otherGuardian: 'josefa.herrera@colinas.test',
  } as const;
  type Who = keyof typeof emails;
  const s = {} as Record<Who, Session>;
  const ids = {} as Record<Who, string>;
  let british: Session;

  beforeAll(async () => {
    server = await startServer(backend);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [who, email] of Object.entries(emails) as [Who, string][]) {
      s[who] = { app: server.app, host, token: await signIn(server.app, host, { email }) };
      const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      ids[who] = row!.id;
    }
    british = { app: server.app, host: hostOf('british'), token: await signIn(server.app, hostOf('british'), { email: 'staff@british.test' }) };
  });
  afterAll(() => server.close());

  /** A group run by the staff member with these members, made now. */
  const group = async (members: Who[], overrides: Record<string, unknown> = {}) => {
    const id = uuidv7();
    const [result] = await push(s.staff, [
      { name: 'messenger.createGroup', args: { id, name: 'Taller de teatro', member_ids: members.map((who) => ids[who]), ...overrides } },
    ]);
    expect(result!.status).toBe('applied');
    return id;
  };
  const send = (who: Who, conversationId: string, text: string, id = uuidv7()) =>
    push(s[who], [{ name: 'messenger.send', args: { id, conversation_id: conversationId, text } }]);

  it('reaches the members of a conversation and nobody else, in no other college', async () => {
    const staff = await pullAll(s.staff);
    const seeded = rowsOf<{ id: string; kind: string; name: string }>(staff.changes, 'conversations');
    expect(seeded.map((c) => c.kind).sort()).toEqual(['direct', 'group', 'group']);
    expect(rowsOf<MessageRow>(staff.changes, 'messages').length).toBeGreaterThanOrEqual(6);
    const guardian = await pullAll(s.guardian);
    expect(upsertedIds(guardian.changes, 'conversations').sort()).toEqual(seeded.map((c) => c.id).sort());
    const outsider = await pullAll(s.otherStaff);
    for (const entity of ['conversations', 'conversation_members', 'messages']) expect(outsider.changes.filter((c) => c.entity === entity)).toEqual([]);
    // Another college's demo teacher has their own conversations, none of these.
    const foreign = await pullAll(british);
    expect(upsertedIds(foreign.changes, 'conversations')).toHaveLength(3);
    for (const c of seeded) expect(JSON.stringify(foreign.changes)).not.toContain(c.id);
  });

  it('starts one direct conversation per pair, allowed by the table, once however many devices start it', async () => {
    const refused = await push(s.guardian, [
      { name: 'messenger.startDirect', args: { id: await directConversationId(ids.guardian, ids.otherGuardian), user_id: ids.otherGuardian } },
    ]);
    expect(refused[0]).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleStart } });
    const wrongId = await push(s.guardian, [{ name: 'messenger.startDirect', args: { id: uuidv7(), user_id: ids.otherStaff } }]);
    expect(wrongId[0]).toMatchObject({ status: 'rejected', error: { status: 422 } });

    const id = await directConversationId(ids.guardian, ids.otherStaff);
    const both = await Promise.all([
      push(s.guardian, [{ name: 'messenger.startDirect', args: { id, user_id: ids.otherStaff } }]),
      push(s.otherStaff, [{ name: 'messenger.startDirect', args: { id, user_id: ids.guardian } }]),
    ]);
    expect(both.map(([r]) => r!.status)).toEqual(['applied', 'applied']);
    const pulled = await pullAll(s.otherStaff);
    expect(upsertedIds(pulled.changes, 'conversations')).toEqual([id]);
    expect(
      rowsOf<ConversationMemberRow>(pulled.changes, 'conversation_members')
        .map((m) => m.user_id)
        .sort(),
    ).toEqual([ids.guardian, ids.otherStaff].sort());
  });

  it("orders concurrent senders' messages one position each, every message once, a replay changing nothing", async () => {
    const id = await group(['guardian', 'otherGuardian']);
    const senders: Who[] = ['staff', 'guardian', 'otherGuardian'];
    const sent = new Map<Who, { mutationId: string; id: string }[]>(
      senders.map((who) => [who, Array.from({ length: 8 }, () => ({ mutationId: uuidv7(), id: uuidv7() }))]),
    );
    // Each device pushes its queue in order, one at a time, while the others push theirs.
    await Promise.all(
      senders.map(async (who) => {
        for (const [i, message] of sent.get(who)!.entries()) {
          const [result] = await push(s[who], [
            { id: message.mutationId, name: 'messenger.send', args: { id: message.id, conversation_id: id, text: `${who} ${i}` } },
          ]);
          expect(result!.status).toBe('applied');
        }
      }),
    );
    // A device that did not hear the answers pushes everything again, by the same and by new mutation ids.
    const again = await push(
      s.guardian,
      sent.get('guardian')!.map((m, i) => ({ id: m.mutationId, name: 'messenger.send', args: { id: m.id, conversation_id: id, text: `guardian ${i}` } })),
    );
    expect(again.every((r) => r.status === 'applied')).toBe(true);
    const resent = await send('otherGuardian', id, 'otherGuardian 0', sent.get('otherGuardian')![0]!.id);
    expect(resent[0]!.status).toBe('applied');

    const rows = await server.db.select().from(messengerMessages).where(eq(messengerMessages.conversationId, id));
    expect(rows).toHaveLength(24);
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    for (const who of senders) {
      const positions = sent.get(who)!.map((m) => rows.find((r) => r.id === m.id)!.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    // Someone else's message id is not theirs to send.
    const stolen = await send('staff', id, 'no', sent.get('guardian')![0]!.id);
    expect(stolen[0]).toMatchObject({ status: 'rejected', error: { status: 409 } });
  });

  it("refuses a member's message in a group where only admins write, with the reason, and stores nothing", async () => {
    const id = await group(['guardian'], { members_can_reply: false });
    const messageId = uuidv7();
    const [refused] = await send('guardian', id, '¿Puedo preguntar algo?', messageId);
    expect(refused).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.groupRepliesClosed } });
    expect(await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, messageId))).toEqual([]);
    expect((await send('staff', id, 'Mañana no hay clases.'))[0]!.status).toBe('applied');
  });

  it("takes a removed member's conversation off their devices, and a member added later reads from their arrival", async () => {
    const id = await group(['guardian', 'otherGuardian']);
    const before = [uuidv7(), uuidv7()];
    await send('staff', id, 'Primero', before[0]);
    await send('guardian', id, 'Segundo', before[1]);
    const guardianCursor = (await pullAll(s.guardian)).cursor;
    const otherCursor = (await pullAll(s.otherGuardian)).cursor;

    const [removed] = await push(s.staff, [{ name: 'messenger.removeMember', args: { conversation_id: id, user_id: ids.guardian } }]);
    expect(removed!.status).toBe('applied');
    const after = [uuidv7()];
    await send('staff', id, 'Tercero', after[0]);
    const guardian = await pullAll(s.guardian, guardianCursor);
    expect(deletedIds(guardian.changes, 'conversations')).toEqual([id]);
    expect(deletedIds(guardian.changes, 'messages').sort()).toEqual([...before].sort());
    expect(deletedIds(guardian.changes, 'conversation_members')).toEqual(expect.arrayContaining([`${id}:${ids.guardian}`, `${id}:${ids.staff}`]));
    expect(
      guardian.changes.filter(
        (c) => c.op === 'upsert' && ['conversations', 'messages', 'conversation_members'].includes(c.entity) && JSON.stringify(c).includes(id),
      ),
    ).toEqual([]);
    // A new device of the removed member never sees it; the others keep all of it.
    const fresh = await pullAll(s.guardian);
    expect(JSON.stringify(fresh.changes)).not.toContain(id);
    const other = await pullAll(s.otherGuardian, otherCursor);
    expect(upsertedIds(other.changes, 'messages')).toEqual(expect.arrayContaining(after));
    expect(deletedIds(other.changes, 'messages')).toEqual([]);
    expect(deletedIds(other.changes, 'conversation_members')).toEqual([`${id}:${ids.guardian}`]);
    // Their own send now finds no conversation.
    expect((await send('guardian', id, 'Hola?'))[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });

    // Added again: the conversation and from now on, not what was said meanwhile.
    await push(s.staff, [{ name: 'messenger.addMembers', args: { conversation_id: id, member_ids: [ids.guardian] } }]);
    const later = uuidv7();
    await send('staff', id, 'Bienvenida de vuelta', later);
    const back = await pullAll(s.guardian);
    expect(upsertedIds(back.changes, 'conversations')).toContain(id);
    expect(
      rowsOf<MessageRow>(back.changes, 'messages')
        .filter((m) => m.conversation_id === id)
        .map((m) => m.id),
    ).toEqual([later]);
  });

  it('pokes the members of the conversation only', async () => {
    const id = await group(['guardian']);
    const member = await pokeCounter(server, s.guardian.token);
    const outsider = await pokeCounter(server, s.otherStaff.token);
    try {
      await send('staff', id, 'Solo para el grupo');
      await member.atLeast(1);
      // Then something for the outsider: every poke they got came before or with it.
      const direct = await directConversationId(ids.staff, ids.otherStaff);
      await push(s.staff, [{ name: 'messenger.startDirect', args: { id: direct, user_id: ids.otherStaff } }]);
      await outsider.atLeast(1);
      expect(outsider.count()).toBe(1);
    } finally {
      member.close();
      outsider.close();
    }
  });

  it('lets the author edit within 15 minutes and delete, shown as deleted everywhere; administrators read reports', async () => {
    const id = await group(['guardian']);
    const messageId = uuidv7();
    await send('guardian', id, 'Mañana traigo la torta');
    await send('staff', id, 'Reunión a las 18:00', messageId);
    const cursor = (await pullAll(s.guardian)).cursor;
    expect((await push(s.guardian, [{ name: 'messenger.edit', args: { id: messageId, text: 'No es mío' } }]))[0]).toMatchObject({
      status: 'rejected',
      error: { status: 403 },
    });
    expect((await push(s.staff, [{ name: 'messenger.edit', args: { id: messageId, text: 'Reunión a las 18:30' } }]))[0]!.status).toBe('applied');
    const reportId = uuidv7();
    expect((await push(s.guardian, [{ name: 'messenger.report', args: { id: reportId, message_id: messageId, reason: 'Spam' } }]))[0]!.status).toBe('applied');
    const edited = rowsOf<MessageRow>((await pullAll(s.guardian, cursor)).changes, 'messages').find((m) => m.id === messageId)!;
    expect(edited).toMatchObject({ text: 'Reunión a las 18:30', deleted_at: null });
    expect(edited.edited_at).not.toBeNull();

    await server.db
      .update(messengerMessages)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(messengerMessages.id, messageId));
    expect((await push(s.staff, [{ name: 'messenger.edit', args: { id: messageId, text: 'Tarde' } }]))[0]).toMatchObject({
      status: 'rejected',
      error: { status: 409, message: messages.messageEditExpired },
    });
    expect((await push(s.staff, [{ name: 'messenger.delete', args: { id: messageId } }]))[0]!.status).toBe('applied');
    const deleted = rowsOf<MessageRow>((await pullAll(s.guardian, cursor)).changes, 'messages').find((m) => m.id === messageId)!;
    expect(deleted).toMatchObject({ text: '', position: edited.position });
    expect(deleted.deleted_at).not.toBeNull();
    const [stored] = await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, messageId));
    expect(stored!.text).toBe('');

    const reports = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/reports', headers: { host, ...bearer(s.admin.token) } });
    expect(reports.statusCode).toBe(200);
    expect(json<{ data: { id: string; reported_text: string; text: string; reason: string }[] }>(reports).data.find((r) => r.id === reportId)).toMatchObject({
      reported_text: 'Reunión a las 18:30',
      text: '',
      reason: 'Spam',
    });
    const notAdmin = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/reports', headers: { host, ...bearer(s.staff.token) } });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('moves read and delivered markers up only, to at most the last message, for the other members to see', async () => {
    const id = await group(['guardian']);
    await send('staff', id, 'Uno');
    await send('staff', id, 'Dos');
    await push(s.guardian, [{ name: 'messenger.delivered', args: { conversation_id: id, position: 2 } }]);
    await push(s.guardian, [{ name: 'messenger.read', args: { conversation_id: id, position: 99 } }]);
    await push(s.guardian, [{ name: 'messenger.read', args: { conversation_id: id, position: 1 } }]);
    const member = rowsOf<ConversationMemberRow>((await pullAll(s.staff)).changes, 'conversation_members').find((m) => m.id === `${id}:${ids.guardian}`)!;
    expect(member).toMatchObject({ delivered_position: 2, read_position: 2 });
  });

  it("keeps to its college: another college's member finds no conversation", async () => {
    const id = await group(['guardian']);
    expect((await send('staff', id, 'Hola'))[0]!.status).toBe('applied');
    const [foreign] = await push(british, [{ name: 'messenger.send', args: { id: uuidv7(), conversation_id: id, text: 'Intrusion' } }]);
    expect(foreign).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const rest = await server.app.inject({
      method: 'GET',
      url: `/api/v1/messenger/conversations/${id}/messages`,
      headers: { host: british.host, ...bearer(british.token) },
    });
    expect(rest.statusCode).toBe(404);
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/v1/messenger/conversations/${id}/messages`,
      headers: { host, ...bearer(s.guardian.token) },
    });
    expect(json<{ data: MessageRow[] }>(own).data.map((m) => m.text)).toEqual(['Hola']);
  });

  it('lists the people a member may write to', async () => {
    const people = async (who: Who, query = '') => {
      const response = await server.app.inject({ method: 'GET', url: `/api/v1/messenger/people${query}`, headers: { host, ...bearer(s[who].token) } });
      expect(response.statusCode).toBe(200);
      return json<{ data: { id: string; role: string }[] }>(response).data;
    };
    const forGuardian = await people('guardian', '?limit=200');
    expect(forGuardian.map((p) => p.id)).toEqual(expect.arrayContaining([ids.staff, ids.student]));
    expect(forGuardian.map((p) => p.id)).not.toContain(ids.otherGuardian);
    expect(forGuardian.every((p) => p.role !== 'guardian')).toBe(true);
    expect((await people('staff', '?for=group&limit=200')).map((p) => p.id)).toContain(ids.otherGuardian);
    expect((await people('staff', '?q=Josefa')).map((p) => p.id)).toEqual([ids.otherGuardian]);
  });

  it('queues a push for members who did not mute, after their quiet hours', async () => {
    const id = await group(['guardian', 'otherGuardian']);
    await push(s.guardian, [{ name: 'messenger.mute', args: { conversation_id: id, muted: true } }]);
    // Quiet all day but the last minute: the push waits for its end.
    await server.db
      .insert(notificationPreferences)
      .values({
        userId: ids.otherGuardian,
        collegeId: (await server.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.collegeId,
        quietHours: true,
        quietStart: '00:00',
        quietEnd: '23:59',
      })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { quietHours: true, quietStart: '00:00', quietEnd: '23:59' } });
    await send('staff', id, 'Recordatorio: mañana hay reunión');
    const queued = await server.db.select().from(messengerPushes).where(eq(messengerPushes.conversationId, id));
    expect(queued.map((q) => q.userId)).toEqual([ids.otherGuardian]);
    expect(queued[0]!.dueAt.getTime()).toBeGreaterThan(Date.now());

    await server.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, ids.otherGuardian));
    await send('staff', id, 'Y traigan la autorización');
    const sent: { userId: string; title: string; body: string; url: string }[] = [];
    await sendDueMessengerPushes(server.db, new Date(queued[0]!.dueAt.getTime() + 1000), (_college, list) => {
      for (const m of list) sent.push({ userId: m.userId, title: m.payload.title, body: m.payload.body, url: m.payload.url });
      return Promise.resolve();
    });
    const mine = sent.filter((m) => m.url === `/messenger/${id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: ids.otherGuardian, title: 'Taller de teatro (+1)' });
    expect(mine[0]!.body).toContain('Y traigan la autorización');
    expect(
      await server.db
        .select()
        .from(messengerPushes)
        .where(and(eq(messengerPushes.conversationId, id))),
    ).toEqual([]);
  });
});
