import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { directConversationId, type MessageRow } from '../../contract/messenger';
import {
  defaultMessengerRules,
  ruleCell,
  ruleCells,
  ruleGroups,
  type MessengerRulesFields,
  type MessengerRulesRow,
  type RuleGroup,
} from '../../contract/messengerRules';
import type { Role } from '../../contract/permissions';
import { conversations, messengerMessages } from '../../server/messenger/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, newMember, pullAll, push, type Member, type Session } from './syncHelpers';

/** The flags the cells' tests turn on and off; the staff hours stay off. */
const flags: (keyof MessengerRulesFields)[] = [...ruleCells, 'students_reply_in_groups'];
/** Every cell off but these. */
const only = (...cells: (keyof MessengerRulesFields)[]): MessengerRulesFields => ({
  ...defaultMessengerRules,
  ...Object.fromEntries(flags.map((key) => [key, cells.includes(key)])),
});
/** Every cell on but these. */
const allBut = (...cells: (keyof MessengerRulesFields)[]): MessengerRulesFields => ({
  ...defaultMessengerRules,
  ...Object.fromEntries(flags.map((key) => [key, !cells.includes(key)])),
});

describe.each(backends)("the school's messenger rule on $name", (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  let collegeId = '';
  let sharedSection = '';
  let admin: Session;
  const sessionOf = (token: string, at = host): Session => ({ app: server.app, host: at, token });

  beforeAll(async () => {
    server = await startServer(backend);
    const refs = await collegeRefs(server.db, 'colinas');
    collegeId = refs.collegeId;
    sharedSection = refs.sectionId('1° Básico A');
    admin = sessionOf(await signIn(server.app, host, { email: 'admin@colinas.test' }));
  });
  afterAll(() => server.close());

  /** A new active member of the college with this role, in the shared section, signed in. */
  const member = (role: Role, childIds: string[] = []): Promise<Member> => newMember(server, host, collegeId, 'colinas', role, [sharedSection], childIds);
  const roleOf: Record<RuleGroup, Role> = { staff: 'staff', student: 'student', guardian: 'guardian' };
  /** Two new members of these groups with every tie the rule's narrowing asks for (a shared section; a guardian's own child). */
  const pair = async (from: RuleGroup, to: RuleGroup): Promise<[Member, Member]> => {
    if (from === 'guardian' && to === 'student') {
      const child = await member('student');
      return [await member('guardian', [child.id]), child];
    }
    if (from === 'student' && to === 'guardian') {
      const child = await member('student');
      return [child, await member('guardian', [child.id])];
    }
    return [await member(roleOf[from]), await member(roleOf[to])];
  };

  const setRules = async (rules: MessengerRulesFields) => {
    const [result] = await push(admin, [{ name: 'messenger.setRules', args: rules }]);
    expect(result).toMatchObject({ status: 'applied' });
  };
  const startByPush = async (from: Member, to: Member) => {
    const id = await directConversationId(from.id, to.id);
    const [result] = await push(from, [{ name: 'messenger.startDirect', args: { id, user_id: to.id } }]);
    return { id, result: result! };
  };
  const startByRest = (from: Member, to: Member) =>
    server.app.inject({ method: 'POST', url: '/api/v1/messenger/conversations', headers: { host, ...bearer(from.token) }, payload: { user_id: to.id } });
  const conversationExists = async (id: string) =>
    (await server.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, id))).length > 0;

  describe.each(ruleGroups.flatMap((from) => ruleGroups.map((to) => [from, to] as const)))('the cell %s → %s', (from, to) => {
    const cell = ruleCell(from, to);

    it('refuses, through sync and REST, naming the rule, when it alone is off', async () => {
      await setRules(allBut(cell));
      const [a, b] = await pair(from, to);
      const pushed = await startByPush(a, b);
      expect(pushed.result).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleStart } });
      expect(await conversationExists(pushed.id)).toBe(false);
      const [c, d] = await pair(from, to);
      const rest = await startByRest(c, d);
      expect(rest.statusCode).toBe(403);
      expect(json(rest).message).toBe(messages.messengerRuleStart);
      expect(await conversationExists(await directConversationId(c.id, d.id))).toBe(false);
    });

    it('allows, through sync and REST, when it alone is on, and only in its direction', async () => {
      await setRules(only(cell));
      const [a, b] = await pair(from, to);
      const pushed = await startByPush(a, b);
      expect(pushed.result).toMatchObject({ status: 'applied' });
      expect(await conversationExists(pushed.id)).toBe(true);
      const [c, d] = await pair(from, to);
      const rest = await startByRest(c, d);
      expect(rest.statusCode).toBe(201);
      expect(json(rest).id).toBe(await directConversationId(c.id, d.id));
      if (from !== to) {
        // The other way round is another cell, off here.
        const [e, f] = await pair(from, to);
        expect((await startByPush(f, e)).result).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleStart } });
        const [g, h] = await pair(from, to);
        expect((await startByRest(h, g)).statusCode).toBe(403);
      }
    });
  });

  it('counts administrators as staff', async () => {
    await setRules(allBut('staff_to_student'));
    const head = await member('admin');
    const student = await member('student');
    expect((await startByPush(head, student)).result).toMatchObject({ status: 'rejected', error: { message: messages.messengerRuleStart } });
    await setRules(only('student_to_staff'));
    expect((await startByPush(student, head)).result).toMatchObject({ status: 'applied' });
  });

  it('refuses a conversation and a message queued offline before the rule changed, with the rule as reason, and stores nothing', async () => {
    await setRules({ ...defaultMessengerRules, student_to_student: true });
    const [a, b] = await pair('student', 'student');
    const id = await directConversationId(a.id, b.id);
    const messageId = uuidv7();
    // Written offline while the rule allowed it; the school turns it off before the device is back.
    const queued = [
      { name: 'messenger.startDirect', args: { id, user_id: b.id } },
      { name: 'messenger.send', args: { id: messageId, conversation_id: id, text: '¿Me prestas tu cuaderno?' } },
    ];
    await setRules(defaultMessengerRules);
    const [started, sent] = await push(a, queued);
    expect(started).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleStart } });
    expect(sent).toMatchObject({ status: 'rejected', error: { status: 404 } });
    expect(await conversationExists(id)).toBe(false);
    expect(await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, messageId))).toEqual([]);
  });

  it('refuses a message into a conversation the rule no longer allows, through sync and REST, and keeps what was said before', async () => {
    await setRules({ ...defaultMessengerRules, student_to_student: true });
    const [a, b] = await pair('student', 'student');
    const { id } = await startByPush(a, b);
    const before = await push(a, [{ name: 'messenger.send', args: { id: uuidv7(), conversation_id: id, text: 'Hola' } }]);
    expect(before[0]).toMatchObject({ status: 'applied' });
    const queued = uuidv7();
    await setRules(defaultMessengerRules);
    const [late] = await push(b, [{ name: 'messenger.send', args: { id: queued, conversation_id: id, text: 'Hola, ¿qué tal?' } }]);
    expect(late).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleConversation } });
    const rest = await server.app.inject({
      method: 'POST',
      url: `/api/v1/messenger/conversations/${id}/messages`,
      headers: { host, ...bearer(a.token) },
      payload: { text: 'Hola otra vez' },
    });
    expect(rest.statusCode).toBe(403);
    expect(json(rest).message).toBe(messages.messengerRuleConversation);
    const stored = await server.db.select().from(messengerMessages).where(eq(messengerMessages.conversationId, id));
    expect(stored.map((m) => m.text)).toEqual(['Hola']);
    // Turned on again, the conversation goes on.
    await setRules({ ...defaultMessengerRules, student_to_student: true });
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/v1/messenger/conversations/${id}/messages`,
      headers: { host, ...bearer(a.token) },
      payload: { text: 'Hola otra vez' },
    });
    expect(again.statusCode).toBe(201);
    expect(json<MessageRow>(again)).toMatchObject({ conversation_id: id, text: 'Hola otra vez', position: 2 });
  });

  it('lets students write in groups they do not run only while the rule says so; staff and the group admins always', async () => {
    const teacher = await member('staff');
    const student = await member('student');
    const groupId = uuidv7();
    const [made] = await push(teacher, [{ name: 'messenger.createGroup', args: { id: groupId, name: 'Taller de teatro', member_ids: [student.id] } }]);
    expect(made).toMatchObject({ status: 'applied' });
    await setRules({ ...defaultMessengerRules, students_reply_in_groups: false });
    const [refused] = await push(student, [{ name: 'messenger.send', args: { id: uuidv7(), conversation_id: groupId, text: 'Yo llevo el telón' } }]);
    expect(refused).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleGroupReply } });
    const rest = await server.app.inject({
      method: 'POST',
      url: `/api/v1/messenger/conversations/${groupId}/messages`,
      headers: { host, ...bearer(student.token) },
      payload: { text: 'Yo llevo el telón' },
    });
    expect(rest.statusCode).toBe(403);
    expect(json(rest).message).toBe(messages.messengerRuleGroupReply);
    const [fromTeacher] = await push(teacher, [{ name: 'messenger.send', args: { id: uuidv7(), conversation_id: groupId, text: 'Ensayo el jueves' } }]);
    expect(fromTeacher).toMatchObject({ status: 'applied' });
    await setRules(defaultMessengerRules);
    const [allowed] = await push(student, [{ name: 'messenger.send', args: { id: uuidv7(), conversation_id: groupId, text: 'Yo llevo el telón' } }]);
    expect(allowed).toMatchObject({ status: 'applied' });
  });

  it('lets a student who runs a group add only the people the rule lets them write to', async () => {
    const teacher = await member('staff');
    const [runner, classmate] = await pair('student', 'student');
    const groupId = uuidv7();
    const [made] = await push(teacher, [
      { name: 'messenger.createGroup', args: { id: groupId, name: 'Delegados', member_ids: [runner.id], admin_ids: [runner.id] } },
    ]);
    expect(made).toMatchObject({ status: 'applied' });
    await setRules(defaultMessengerRules);
    const [refused] = await push(runner, [{ name: 'messenger.addMembers', args: { conversation_id: groupId, member_ids: [classmate.id] } }]);
    expect(refused).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.messengerRuleStart } });
    await setRules({ ...defaultMessengerRules, student_to_student: true });
    const [added] = await push(runner, [{ name: 'messenger.addMembers', args: { conversation_id: groupId, member_ids: [classmate.id] } }]);
    expect(added).toMatchObject({ status: 'applied' });
    await setRules(defaultMessengerRules);
  });

  it('reaches every member of the college through sync, and the administration through REST', async () => {
    const rules = { ...defaultMessengerRules, guardian_to_guardian: true, students_reply_in_groups: false };
    const put = await server.app.inject({ method: 'PUT', url: '/api/v1/admin/messenger/rules', headers: { host, ...bearer(admin.token) }, payload: rules });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toEqual(rules);
    const got = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/rules', headers: { host, ...bearer(admin.token) } });
    expect(json(got)).toEqual(rules);
    const guardian = sessionOf(await signIn(server.app, host, { email: 'guardian@colinas.test' }));
    const pulled = await pullAll(guardian);
    const rows = pulled.changes.flatMap((c) => (c.entity === 'messenger_rules' && c.op === 'upsert' ? [c.row as unknown as MessengerRulesRow] : []));
    expect(rows).toEqual([expect.objectContaining({ id: collegeId, ...rules })]);
    // Another college keeps its own rule (the defaults) and never receives this one.
    const british = sessionOf(await signIn(server.app, hostOf('british'), { email: 'admin@british.test' }), hostOf('british'));
    const theirs = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/rules', headers: { host: british.host, ...bearer(british.token) } });
    expect(json(theirs)).toEqual(defaultMessengerRules);
    const foreign = await pullAll(british);
    expect(foreign.changes.filter((c) => c.entity === 'messenger_rules')).toEqual([]);
    await setRules(defaultMessengerRules);
  });

  it.each(['staff', 'student', 'guardian'] as const)('refuses the rule to %s (403), through sync and REST', async (role) => {
    const someone = await member(role);
    const [pushed] = await push(someone, [{ name: 'messenger.setRules', args: allBut() }]);
    expect(pushed).toMatchObject({ status: 'rejected', error: { status: 403 } });
    const headers = { host, ...bearer(someone.token) };
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/rules', headers })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'PUT', url: '/api/v1/admin/messenger/rules', headers, payload: allBut() })).statusCode).toBe(403);
    const got = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/rules', headers: { host, ...bearer(admin.token) } });
    expect(json(got)).toEqual(defaultMessengerRules);
  });

  it("answers 404 for another college's conversation and 422 for its members, over REST", async () => {
    await setRules(allBut());
    const [a, b] = await pair('staff', 'staff');
    const { id } = await startByPush(a, b);
    const british = sessionOf(await signIn(server.app, hostOf('british'), { email: 'admin@british.test' }), hostOf('british'));
    const headers = { host: british.host, ...bearer(british.token) };
    const send = await server.app.inject({ method: 'POST', url: `/api/v1/messenger/conversations/${id}/messages`, headers, payload: { text: 'Hola' } });
    expect(send.statusCode).toBe(404);
    const start = await server.app.inject({ method: 'POST', url: '/api/v1/messenger/conversations', headers, payload: { user_id: a.id } });
    expect(start.statusCode).toBe(422);
    await setRules(defaultMessengerRules);
  });
});
