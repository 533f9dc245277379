import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, instantOf, isoWeekday } from '../../contract/eventTime';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { directConversationId, type MessageRow } from '../../contract/messenger';
import { defaultMessengerRules, type MessengerRulesFields } from '../../contract/messengerRules';
import type { Role } from '../../contract/permissions';
import { releaseDue } from '../../server/audience/release';
import { colleges } from '../../server/db/colleges';
import { registry } from '../../server/features';
import { messengerPushes } from '../../server/messenger/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, newMember, pullAll, push, type Member, type Session } from './syncHelpers';

const allDays = [1, 2, 3, 4, 5, 6, 7];

describe.each(backends)("the staff hours of the school's messenger rule on $name", (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  let collegeId = '';
  let timeZone = '';
  let sharedSection = '';
  let admin: Session;
  const sessionOf = (token: string): Session => ({ app: server.app, host, token });

  beforeAll(async () => {
    server = await startServer(backend);
    const refs = await collegeRefs(server.db, 'colinas');
    collegeId = refs.collegeId;
    sharedSection = refs.sectionId('1° Básico A');
    const [college] = await server.db.select({ timeZone: colleges.timeZone }).from(colleges).where(eq(colleges.id, collegeId));
    timeZone = college!.timeZone;
    admin = sessionOf(await signIn(server.app, host, { email: 'admin@colinas.test' }));
  });
  afterAll(() => server.close());

  /** A new active member of the college with this role, in the shared section, signed in. */
  const member = (role: Role, childIds: string[] = []): Promise<Member> => newMember(server, host, collegeId, 'colinas', role, [sharedSection], childIds);

  const setRules = async (rules: Partial<MessengerRulesFields>) => {
    const [result] = await push(admin, [{ name: 'messenger.setRules', args: { ...defaultMessengerRules, guardian_to_guardian: true, ...rules } }]);
    expect(result).toMatchObject({ status: 'applied' });
  };
  /** Closed now: every day but today (in the college's zone) from 08:00, so the next opening is tomorrow at 08:00. */
  const closedNow = async () => {
    const today = dayIn(new Date(), timeZone);
    await setRules({
      staff_hours_on: true,
      staff_hours_days: allDays.filter((d) => d !== isoWeekday(today)),
      staff_hours_start: '08:00',
      staff_hours_end: '17:00',
    });
    return instantOf(`${addDays(today, 1)}T08:00`, timeZone);
  };
  const openAllDay = () => setRules({ staff_hours_on: true, staff_hours_days: allDays, staff_hours_start: '00:00', staff_hours_end: '24:00' });

  const conversationOf = async (from: Member, to: Member) => {
    const id = await directConversationId(from.id, to.id);
    const [result] = await push(from, [{ name: 'messenger.startDirect', args: { id, user_id: to.id } }]);
    expect(result).toMatchObject({ status: 'applied' });
    return id;
  };
  const send = async (from: Member, conversationId: string, text: string) => {
    const id = uuidv7();
    const [result] = await push(from, [{ name: 'messenger.send', args: { id, conversation_id: conversationId, text } }]);
    expect(result).toMatchObject({ status: 'applied' });
    return id;
  };
  const messageOn = async (session: Session, id: string): Promise<MessageRow | undefined> => {
    const { changes } = await pullAll(session);
    const change = changes.find((c) => c.entity === 'messages' && c.op === 'upsert' && c.row.id === id);
    return change?.op === 'upsert' ? (change.row as unknown as MessageRow) : undefined;
  };
  const pushesOwed = (messageId: string) => server.db.select().from(messengerPushes).where(eq(messengerPushes.messageId, messageId));

  it("holds a guardian's message to staff outside the hours: the guardian sees when it will be delivered, staff receive it (and its push) at the opening", async () => {
    const opening = await closedNow();
    const [guardian, teacher] = [await member('guardian'), await member('staff')];
    const conversation = await conversationOf(guardian, teacher);
    const id = await send(guardian, conversation, 'Buenas noches, ¿mañana hay clases?');

    expect(await messageOn(guardian, id)).toMatchObject({ text: 'Buenas noches, ¿mañana hay clases?', held_until: opening.toISOString() });
    expect(await messageOn(teacher, id)).toBeUndefined();
    expect(await pushesOwed(id)).toEqual([]);

    // Nothing is due a minute before the opening; at the opening the message reaches staff.
    await releaseDue(server.db, registry.entities, new Date(opening.getTime() - 60_000));
    expect(await messageOn(teacher, id)).toBeUndefined();
    await releaseDue(server.db, registry.entities, new Date(opening.getTime() + 1_000));
    expect(await messageOn(teacher, id)).toMatchObject({ text: 'Buenas noches, ¿mañana hay clases?', held_until: null });
    expect(await messageOn(guardian, id)).toMatchObject({ held_until: null });
    expect((await pushesOwed(id)).map((row) => row.userId)).toEqual([teacher.id]);
  });

  it('holds it through REST too, and the answer says until when', async () => {
    const opening = await closedNow();
    const [guardian, head] = [await member('guardian'), await member('admin')];
    const conversation = await conversationOf(guardian, head);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/messenger/conversations/${conversation}/messages`,
      headers: { host, ...bearer(guardian.token) },
      payload: { text: 'Consulta sobre la matrícula' },
    });
    expect(response.statusCode).toBe(201);
    const row = json<MessageRow>(response);
    expect(row.held_until).toBe(opening.toISOString());
    expect(await messageOn(head, row.id)).toBeUndefined();
  });

  it('holds nothing inside the hours, nor when they are off', async () => {
    await openAllDay();
    const [guardian, teacher] = [await member('guardian'), await member('staff')];
    const conversation = await conversationOf(guardian, teacher);
    const inside = await send(guardian, conversation, 'Dentro del horario');
    expect(await messageOn(teacher, inside)).toMatchObject({ held_until: null });
    await closedNow();
    await setRules({ staff_hours_on: false });
    const off = await send(guardian, conversation, 'Sin horario');
    expect(await messageOn(teacher, off)).toMatchObject({ held_until: null });
    expect((await pushesOwed(off)).map((row) => row.userId)).toEqual([teacher.id]);
  });

  it("holds only a guardian's message to staff: staff, students, and a guardian writing to a family or their own child are not held", async () => {
    await closedNow();
    const child = await member('student');
    const [guardian, otherGuardian, teacher, student] = [
      await member('guardian', [child.id]),
      await member('guardian'),
      await member('staff'),
      await member('student'),
    ];
    const cases: [Member, Member][] = [
      [teacher, guardian],
      [student, teacher],
      [guardian, otherGuardian],
      [guardian, child],
    ];
    for (const [from, to] of cases) {
      const conversation = await conversationOf(from, to);
      const id = await send(from, conversation, 'Fuera del horario');
      expect(await messageOn(to, id)).toMatchObject({ held_until: null });
    }
  });

  it('a member removed from a group while a message waits does not receive it at the opening', async () => {
    const opening = await closedNow();
    const [teacher, writer, leaving] = [await member('staff'), await member('guardian'), await member('guardian')];
    const group = uuidv7();
    const [created] = await push(teacher, [
      {
        name: 'messenger.createGroup',
        args: { id: group, name: 'Apoderados 1° A', description: '', member_ids: [writer.id, leaving.id], admin_ids: [], members_can_reply: true },
      },
    ]);
    expect(created).toMatchObject({ status: 'applied' });
    const id = await send(writer, group, 'Mensaje de la noche');
    const [removed] = await push(teacher, [{ name: 'messenger.removeMember', args: { conversation_id: group, user_id: leaving.id } }]);
    expect(removed).toMatchObject({ status: 'applied' });
    await releaseDue(server.db, registry.entities, new Date(opening.getTime() + 1_000));
    expect(await messageOn(teacher, id)).toMatchObject({ held_until: null });
    expect(await messageOn(leaving, id)).toBeUndefined();
  });

  it('refuses hours that cannot be kept, naming what is wrong, and changes nothing', async () => {
    await setRules({ staff_hours_on: true, staff_hours_days: [1, 2], staff_hours_start: '09:00', staff_hours_end: '13:00' });
    const refused: [Partial<MessengerRulesFields>, string, string][] = [
      [{ staff_hours_on: true, staff_hours_days: [] }, 'staff_hours_days', messages.messengerHoursDays],
      [{ staff_hours_start: '17:00', staff_hours_end: '08:00' }, 'staff_hours_end', messages.messengerHoursOrder],
      [{ staff_hours_start: '8am' }, 'staff_hours_start', messages.messengerHoursTime],
      [{ staff_hours_end: '24:30' }, 'staff_hours_end', messages.messengerHoursTime],
    ];
    for (const [change, field, message] of refused) {
      const args = {
        ...defaultMessengerRules,
        staff_hours_on: true,
        staff_hours_days: [1, 2],
        staff_hours_start: '09:00',
        staff_hours_end: '13:00',
        ...change,
      };
      const [result] = await push(admin, [{ name: 'messenger.setRules', args }]);
      expect(result).toMatchObject({ status: 'rejected', error: { status: 422, errors: { [field]: [message] } } });
      const rest = await server.app.inject({ method: 'PUT', url: '/api/v1/admin/messenger/rules', headers: { host, ...bearer(admin.token) }, payload: args });
      expect(rest.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(rest).errors[field]).toEqual([message]);
    }
    const now = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/rules', headers: { host, ...bearer(admin.token) } });
    expect(json(now)).toMatchObject({ staff_hours_on: true, staff_hours_days: [1, 2], staff_hours_start: '09:00', staff_hours_end: '13:00' });
  });

  it('keeps the hours when a rule arrives without them (an app from before them, its change still in an outbox)', async () => {
    await setRules({ staff_hours_on: true, staff_hours_days: [6, 2, 2, 4], staff_hours_start: '10:00', staff_hours_end: '12:30' });
    const { staff_hours_on: _on, staff_hours_days: _days, staff_hours_start: _start, staff_hours_end: _end, ...older } = defaultMessengerRules;
    const [result] = await push(admin, [{ name: 'messenger.setRules', args: { ...older, student_to_student: true } }]);
    expect(result).toMatchObject({ status: 'applied' });
    const now = await server.app.inject({ method: 'GET', url: '/api/v1/admin/messenger/rules', headers: { host, ...bearer(admin.token) } });
    expect(json(now)).toMatchObject({
      student_to_student: true,
      staff_hours_on: true,
      staff_hours_days: [2, 4, 6],
      staff_hours_start: '10:00',
      staff_hours_end: '12:30',
    });
  });
});
