// @vitest-environment node
import { and, arrayOverlaps, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { defaultMessengerRules, type MessengerRulesFields } from '../../../contract/messengerRules';
import { PatioDb } from '../../../src/db/database';
import { messengerDb, type MessengerDb } from '../../../src/features/messenger/messengerDb';
import { sendMessage, startDirect, type Writer } from '../../../src/features/messenger/messengerWrites';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { users } from '../../../server/db/schema';
import { bearer } from '../../server/harness';
import { startLiveServer, type LiveServer } from '../sync/syncTestKit';

let server: LiveServer;
const engines: SyncEngine[] = [];

beforeAll(async () => {
  server = await startLiveServer();
}, 60_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await server.close();
});

async function setRules(rules: MessengerRulesFields): Promise<void> {
  const response = await server.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/messenger/rules',
    headers: { host: 'localhost', ...bearer(await server.tokenOf('admin')) },
    payload: rules,
  });
  expect(response.statusCode).toBe(200);
}

/** The demo student's device, synced, and a classmate of theirs. */
async function studentDevice(): Promise<{ db: MessengerDb; engine: SyncEngine; me: Writer; classmate: { id: string; name: string; role: 'student' } }> {
  const [me] = await server.db.select().from(users).where(eq(users.email, 'student@colinas.test'));
  const [classmate] = await server.db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, me!.collegeId), eq(users.role, 'student'), ne(users.id, me!.id), arrayOverlaps(users.sectionIds, me!.sectionIds)));
  const db = messengerDb(new PatioDb(`patio-test-${me!.id}-${Date.now()}`, dataModules));
  const engine = createSyncEngine({ db, origin: server.origin, token: await server.tokenOf('student'), live: false, random: () => 0.5, log: () => undefined });
  engines.push(engine);
  await engine.start();
  const writer: Writer = { id: me!.id, college_id: me!.collegeId, role: 'student', name: me!.name, first_lastname: me!.firstLastname };
  return { db, engine, me: writer, classmate: { id: classmate!.id, name: classmate!.name, role: 'student' } };
}

describe("the school's messenger rule and a device's queue", () => {
  it('keeps what was written offline before the rule changed in "needs attention", with the rule as the reason', async () => {
    await setRules({ ...defaultMessengerRules, student_to_student: true });
    const { db, engine, me, classmate } = await studentDevice();
    expect(await db.messengerRules.toArray()).toEqual([expect.objectContaining({ student_to_student: true })]);
    // A conversation started while the rule allowed it.
    const { id } = await startDirect(db, me, classmate);
    await engine.syncNow('user');
    expect(await db.outbox.count()).toBe(0);

    // Offline: a message in it; meanwhile the school turns students ↔ students off.
    const { id: messageId } = await sendMessage(db, me, id, '¿Estudiamos juntos el jueves?');
    await setRules(defaultMessengerRules);
    await engine.syncNow('user');

    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'messenger.send', status: 'attention', error: { status: 403, message: messages.messengerRuleConversation } });
    // The message stays on the device, for the person to read the reason and discard it.
    expect((await db.messages.get(messageId))?.text).toBe('¿Estudiamos juntos el jueves?');
    // And the device now holds the new rule, for the people picker.
    expect(await db.messengerRules.toArray()).toEqual([expect.objectContaining({ student_to_student: false })]);
  });
});
