import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { exportLifetimeMs, type DataExportRow } from '../../contract/privacy';
import type { Change } from '../../contract/sync';
import { dataExports } from '../../server/privacy/schema';
import { backends, bearer, hostOf, json, signIn, startServer, tinyPng, type TestServer } from './harness';
import { attachmentOf, avatarOf, conversationOf, documentOf, newMember, runExportJob, unzip, type Member } from './privacyHelpers';
import { collegeRefs, notificationArgs, postArgs, pullAll, push, type CollegeRefs, type Session } from './syncHelpers';

const exportRows = (changes: Change[]): DataExportRow[] =>
  changes.flatMap((c) => (c.entity === 'data_exports' && c.op === 'upsert' ? [c.row as DataExportRow] : []));

describe.each(backends)('data exports on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  let refs: CollegeRefs;
  let admin: Session;
  const section = () => refs.sectionId('1° Básico A');
  const member = (role: 'staff' | 'student' | 'guardian' | 'admin') => newMember(server, host, refs.collegeId, 'colinas', role, [section()]);
  const download = (who: Session, id: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/privacy/exports/${id}/download`, headers: { host: who.host, ...bearer(who.token) } });
  const ask = async (who: Session, memberId: string) => {
    const id = uuidv7();
    const [result] = await push(who, [{ name: 'privacy.requestExport', args: { id, member_id: memberId } }]);
    return { id, result: result! };
  };

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    admin = { app: server.app, host, token: await signIn(server.app, host, { email: 'admin@colinas.test' }) };
  });
  afterAll(() => server.close());

  it("holds the member's profile, what they wrote, their receipts, their own messages and their files — nothing of others", async () => {
    const me = await member('staff');
    const other = await member('staff');
    const minePost = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Mi publicación' });
    const theirPost = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Publicación de otra persona' });
    const mineNotice = notificationArgs(refs, [], 'college', { title: 'Mi aviso' });
    const theirNotice = notificationArgs(refs, [], 'college', { title: 'Aviso de la dirección' });
    expect(
      await push(me, [
        { name: 'posts.create', args: minePost },
        { name: 'notifications.create', args: mineNotice },
      ]),
    ).toMatchObject([{ status: 'applied' }, { status: 'applied' }]);
    expect(await push(other, [{ name: 'posts.create', args: theirPost }])).toMatchObject([{ status: 'applied' }]);
    expect(await push(admin, [{ name: 'notifications.create', args: theirNotice }])).toMatchObject([{ status: 'applied' }]);
    expect(await push(me, [{ name: 'notifications.read', args: { notification_id: theirNotice.id } }])).toMatchObject([{ status: 'applied' }]);
    const chat = await conversationOf(me, other, 'Hola, soy yo', 'Un secreto de la otra persona');
    const document = await documentOf(server, refs.collegeId, me, 'Acta: reunión/marzo', Buffer.from('acta del consejo'));
    await documentOf(server, refs.collegeId, other, 'Documento ajeno', Buffer.from('no es mío'));
    const attachment = await attachmentOf(server, refs.collegeId, me, minePost.id, 'horario.txt', Buffer.from('lunes a viernes'));
    await avatarOf(server, refs.collegeId, me, tinyPng);

    const asked = await ask(me, me.id);
    expect(asked.result).toMatchObject({ status: 'applied' });
    const before = await pullAll(me);
    expect(exportRows(before.changes).find((row) => row.id === asked.id)).toMatchObject({ state: 'asked', member_id: me.id, requested_by: me.id });
    // Nobody else's device receives it.
    expect(exportRows((await pullAll(other)).changes).map((row) => row.id)).not.toContain(asked.id);

    await runExportJob(server);
    const after = await pullAll(me, before.cursor);
    expect(exportRows(after.changes).at(-1)).toMatchObject({ id: asked.id, state: 'ready' });

    const response = await download(me, asked.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await unzip(response.rawPayload);
    const read = (name: string): unknown => JSON.parse(zip.get(name)!.toString('utf8'));
    expect([...zip.keys()].sort()).toEqual(
      [
        'attachments.json',
        'documents.json',
        'events.json',
        'messages.json',
        'notifications.json',
        'posts.json',
        'profile.json',
        'receipts.json',
        'files/avatar.png',
        `files/attachments/${attachment.id}-horario.txt`,
        `files/documents/${document.id}-Acta_ reunión_marzo.txt`,
      ].sort(),
    );
    expect(read('profile.json')).toMatchObject({ id: me.id, email: me.email, role: 'staff', sections: ['A'] });
    expect(read('posts.json')).toEqual([expect.objectContaining({ id: minePost.id, title: 'Mi publicación' })]);
    expect(read('notifications.json')).toEqual([expect.objectContaining({ id: mineNotice.id, title: 'Mi aviso' })]);
    expect(read('documents.json')).toEqual([expect.objectContaining({ id: document.id, title: 'Acta: reunión/marzo' })]);
    expect(JSON.stringify(read('documents.json'))).not.toContain(document.key);
    const receipts = read('receipts.json') as { notifications: { notification_id: string; read_at: string | null }[] };
    expect(receipts.notifications.find((r) => r.notification_id === theirNotice.id)?.read_at).toBeTruthy();
    const conversations = read('messages.json') as { id: string; my_messages: { text: string }[] }[];
    expect(conversations).toEqual([expect.objectContaining({ id: chat.conversationId, my_messages: [expect.objectContaining({ text: 'Hola, soy yo' })] })]);
    const everything = [...zip.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    for (const theirs of ['Un secreto de la otra persona', 'Publicación de otra persona', 'no es mío', other.email]) expect(everything).not.toContain(theirs);
    expect(zip.get(`files/documents/${document.id}-Acta_ reunión_marzo.txt`)!.toString()).toBe('acta del consejo');
    expect(zip.get(`files/attachments/${attachment.id}-horario.txt`)!.toString()).toBe('lunes a viernes');
    expect(zip.get('files/avatar.png')!.equals(tinyPng)).toBe(true);

    // Once: the file is gone, a second download is 410 with its reason, the device hears "downloaded".
    expect(existsSync(join(server.dataDir, 'exports', refs.collegeId, `${asked.id}.zip`))).toBe(false);
    const again = await download(me, asked.id);
    expect(again.statusCode).toBe(410);
    expect(json(again).message).toBe(messages.exportGone);
    expect(exportRows((await pullAll(me, after.cursor)).changes).at(-1)).toMatchObject({ id: asked.id, state: 'downloaded' });
  });

  it("is downloaded only by whoever asked: another member's try is 404, as is a made-up id", async () => {
    const me = await member('student');
    const other = await member('student');
    const asked = await ask(me, me.id);
    expect(asked.result).toMatchObject({ status: 'applied' });
    await runExportJob(server);
    expect((await download(other, asked.id)).statusCode).toBe(404);
    expect((await download(admin, asked.id)).statusCode).toBe(404);
    expect((await download(me, uuidv7())).statusCode).toBe(404);
    expect((await download(me, 'not-an-id')).statusCode).toBe(404);
    expect((await download(me, asked.id)).statusCode).toBe(200);
  });

  it('says "not ready" while it is prepared, and refuses a second request while one is open', async () => {
    const me = await member('guardian');
    const asked = await ask(me, me.id);
    const early = await download(me, asked.id);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(messages.exportNotReady);
    const second = await ask(me, me.id);
    expect(second.result).toMatchObject({ status: 'rejected', error: { status: 409, message: messages.exportPending } });
    // The same mutation pushed again (a device that missed the answer) is the same request.
    expect(await push(me, [{ id: uuidv7(), name: 'privacy.requestExport', args: { id: asked.id, member_id: me.id } }])).toMatchObject([{ status: 'applied' }]);
    await runExportJob(server);
    expect((await download(me, asked.id)).statusCode).toBe(200);
    expect((await ask(me, me.id)).result).toMatchObject({ status: 'applied' });
  });

  it("lets an administrator ask for a member's data (theirs to download), and nobody else ask for another's", async () => {
    const subject = await member('guardian');
    const staff = await member('staff');
    const student = await member('student');
    for (const who of [staff, student, subject]) {
      const refused = await ask(who, who === subject ? staff.id : subject.id);
      expect(refused.result).toMatchObject({ status: 'rejected', error: { status: 403 } });
    }
    const rest = await server.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/exports',
      headers: { host, ...bearer(staff.token) },
      payload: { member_id: subject.id },
    });
    expect(rest.statusCode).toBe(403);
    const byAdmin = await server.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/exports',
      headers: { host, ...bearer(admin.token) },
      payload: { member_id: subject.id },
    });
    expect(byAdmin.statusCode).toBe(201);
    const row = json<DataExportRow>(byAdmin);
    expect(row).toMatchObject({ state: 'asked', member_id: subject.id });
    expect(row.member_name).toContain('Nombre');
    await runExportJob(server);
    expect((await download(subject, row.id)).statusCode).toBe(404);
    const listed = await server.app.inject({ method: 'GET', url: '/api/v1/privacy/exports', headers: { host, ...bearer(admin.token) } });
    expect(json<{ data: DataExportRow[] }>(listed).data.find((e) => e.id === row.id)).toMatchObject({ state: 'ready' });
    const response = await download(admin, row.id);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await unzip(response.rawPayload)).get('profile.json')!.toString())).toMatchObject({ id: subject.id, email: subject.email });
  });

  it('answers 404 for a member of another college, whoever asks', async () => {
    const british = await collegeRefs(server.db, 'british');
    const stranger = await newMember(server, hostOf('british'), british.collegeId, 'british', 'guardian', []);
    expect((await ask(admin, stranger.id)).result).toMatchObject({ status: 'rejected', error: { status: 404 } });
    // Their own export cannot be downloaded on this college's host (their token is unknown here).
    const theirs = await ask(stranger, stranger.id);
    expect(theirs.result).toMatchObject({ status: 'applied' });
    await runExportJob(server);
    expect((await download({ ...stranger, host }, theirs.id)).statusCode).toBe(401);
    expect((await download(admin, theirs.id)).statusCode).toBe(404);
  });

  it('expires a week after it is ready: the job removes the zip and the device hears it', async () => {
    const me = await member('staff');
    const asked = await ask(me, me.id);
    const t0 = new Date('2031-03-02T10:00:00Z');
    await runExportJob(server, t0);
    const [ready] = await server.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(ready).toMatchObject({ state: 'ready', expiresAt: new Date(t0.getTime() + exportLifetimeMs) });
    const zipPath = join(server.dataDir, 'exports', refs.collegeId, `${asked.id}.zip`);
    expect(existsSync(zipPath)).toBe(true);
    const { cursor } = await pullAll(me);
    await runExportJob(server, new Date(t0.getTime() + exportLifetimeMs - 1000));
    expect((await server.db.select().from(dataExports).where(eq(dataExports.id, asked.id)))[0]!.state).toBe('ready');
    await runExportJob(server, new Date(t0.getTime() + exportLifetimeMs));
    expect((await server.db.select().from(dataExports).where(eq(dataExports.id, asked.id)))[0]).toMatchObject({ state: 'expired', fileKey: '' });
    expect(existsSync(zipPath)).toBe(false);
    expect(exportRows((await pullAll(me, cursor)).changes).at(-1)).toMatchObject({ id: asked.id, state: 'expired' });
    const late = await download(me, asked.id);
    expect(late.statusCode).toBe(410);
  });

  it('refuses pushed requests and downloads from a stranger without a session', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/v1/privacy/exports/${uuidv7()}/download`, headers: { host } });
    expect(anonymous.statusCode).toBe(401);
    const me: Member = await member('student');
    expect((await ask(me, 'not-a-uuid')).result).toMatchObject({ status: 'rejected', error: { status: 422 } });
  });
});
