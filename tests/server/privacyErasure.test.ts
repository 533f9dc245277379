import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { ErasurePolicy, PrivacySettingsFields } from '../../contract/privacy';
import { accessTokens, users } from '../../server/db/schema';
import { calendarFeeds } from '../../server/events/schema';
import { conversationMembers, messengerMessages } from '../../server/messenger/schema';
import { notificationReceipts } from '../../server/notifications/schema';
import { posts } from '../../server/posts/schema';
import { dataExports } from '../../server/privacy/schema';
import { pushSubscriptions } from '../../server/push/schema';
import { backends, bearer, hostOf, json, signIn, startServer, tinyPng, type TestServer } from './harness';
import { avatarOf, conversationOf, devicesOf, documentOf, newMember, runExportJob, type Member } from './privacyHelpers';
import { collegeRefs, deletedIds, notificationArgs, postArgs, pullAll, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

describe.each(backends)('erasing a member on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  let refs: CollegeRefs;
  let admin: Session;
  let adminId = '';
  const section = () => refs.sectionId('1° Básico A');
  const member = (role: 'staff' | 'student' | 'guardian' | 'admin', childIds: string[] = []) =>
    newMember(server, host, refs.collegeId, 'colinas', role, [section()], childIds);
  const setPolicy = async (policy: ErasurePolicy) => {
    const settings: PrivacySettingsFields = { erasure_policy: policy, message_retention_months: null };
    expect(await push(admin, [{ name: 'privacy.setSettings', args: settings }])).toMatchObject([{ status: 'applied' }]);
  };
  const erase = async (who: Session, memberId: string) => (await push(who, [{ name: 'privacy.erase', args: { member_id: memberId } }]))[0]!;

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    admin = { app: server.app, host, token: await signIn(server.app, host, { email: 'admin@colinas.test' }) };
    const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@colinas.test'));
    adminId = row!.id;
  });
  afterAll(() => server.close());

  /** A staff member who wrote a post, a notification and a document, chats with `other`, read a notice, and has an avatar, a push subscription, a calendar feed and an export. */
  const writer = async (other: Member) => {
    const me = await member('staff');
    const post = postArgs(refs, ['1° Básico A'], 'everyone', { title: `Publicación ${me.id}` });
    const notice = notificationArgs(refs, [], 'college', { title: `Aviso ${me.id}` });
    expect(
      await push(me, [
        { name: 'posts.create', args: post },
        { name: 'notifications.create', args: notice },
      ]),
    ).toMatchObject([{ status: 'applied' }, { status: 'applied' }]);
    expect(await push(other, [{ name: 'notifications.read', args: { notification_id: notice.id } }])).toMatchObject([{ status: 'applied' }]);
    expect(await push(me, [{ name: 'notifications.read', args: { notification_id: notice.id } }])).toMatchObject([{ status: 'applied' }]);
    const chat = await conversationOf(me, other, `Mensaje de ${me.id}`, 'Respuesta de la otra persona');
    const document = await documentOf(server, refs.collegeId, me, 'Acta', Buffer.from('acta'));
    const avatar = await avatarOf(server, refs.collegeId, me, tinyPng);
    await devicesOf(server, refs.collegeId, me);
    const exportId = uuidv7();
    expect(await push(me, [{ name: 'privacy.requestExport', args: { id: exportId, member_id: me.id } }])).toMatchObject([{ status: 'applied' }]);
    await runExportJob(server);
    return { me, post, notice, chat, document, avatar, exportId };
  };

  /** What erasure removes whatever the policy: the account's personal data, sessions, devices, feed, receipts, exports and files. */
  const expectAccountGone = async (written: Awaited<ReturnType<typeof writer>>) => {
    const { me } = written;
    const [row] = await server.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ name: '', firstLastname: '', secondLastname: '', rut: null, phone: '', status: 'disabled', sectionIds: [], audienceKeys: [] });
    expect(row!.email).not.toBe(me.email);
    expect(row!.removedAt).not.toBeNull();
    expect(await server.db.select().from(accessTokens).where(eq(accessTokens.userId, me.id))).toEqual([]);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toEqual([]);
    expect(await server.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.id))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(notificationReceipts)
        .where(and(eq(notificationReceipts.userId, me.id), sql`${notificationReceipts.deletedAt} is null`)),
    ).toEqual([]);
    const [exported] = await server.db.select().from(dataExports).where(eq(dataExports.id, written.exportId));
    expect(exported!.deletedAt).not.toBeNull();
    // Signed out everywhere at once.
    const profile = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(me.token) } });
    expect(profile.statusCode).toBe(401);
    // Files go once the erasure has committed, with the job it wakes.
    await runExportJob(server);
    expect(existsSync(join(server.dataDir, 'uploads', written.avatar))).toBe(false);
    expect(existsSync(join(server.dataDir, 'exports', refs.collegeId, `${written.exportId}.zip`))).toBe(false);
    expect((await server.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, me.id)))[0]!.avatar).toBeNull();
  };

  it('keeps what they wrote under "Former member" when the policy says keep, and devices hear the change', async () => {
    await setPolicy('keep');
    const other = await member('staff');
    const written = await writer(other);
    const { cursor } = await pullAll(other);

    expect(await erase(admin, written.me.id)).toMatchObject({ status: 'applied' });
    await expectAccountGone(written);

    const [post] = await server.db.select().from(posts).where(eq(posts.id, written.post.id));
    expect(post).toMatchObject({ deletedAt: null, authorName: '', authorId: null, title: written.post.title });
    const [message] = await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, written.chat.messageA));
    expect(message).toMatchObject({ deletedAt: null, text: `Mensaje de ${written.me.id}` });
    const [membership] = await server.db
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, written.chat.conversationId), eq(conversationMembers.userId, written.me.id)));
    expect(membership).toMatchObject({ name: '', deletedAt: null });
    // The document stays, with its file.
    expect(existsSync(join(server.dataDir, 'documents', refs.collegeId, written.document.key))).toBe(true);

    // The other member's device receives the kept rows with no author, and loses nothing.
    const { changes } = await pullAll(other, cursor);
    const postChange = changes.find((c) => c.entity === 'posts' && c.op === 'upsert' && c.row.id === written.post.id);
    expect(postChange).toMatchObject({ row: { author_name: '' } });
    const notice = changes.find((c) => c.entity === 'notifications' && c.op === 'upsert' && c.row.id === written.notice.id);
    expect(notice).toMatchObject({ row: { author_name: '' } });
    const memberChange = changes.find((c) => c.entity === 'conversation_members' && c.op === 'upsert' && c.row.user_id === written.me.id);
    expect(memberChange).toMatchObject({ row: { name: '' } });
    expect(deletedIds(changes, 'posts')).toEqual([]);
    expect(deletedIds(changes, 'messages')).toEqual([]);
    // Administrators' devices lose the member from the list.
    const adminChanges = (await pullAll(admin)).changes;
    expect(upsertedIds(adminChanges, 'members')).not.toContain(written.me.id);
  });

  it('removes what they wrote when the policy says remove, and devices drop it', async () => {
    await setPolicy('remove');
    const other = await member('staff');
    const written = await writer(other);
    const { cursor } = await pullAll(other);

    const rest = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/privacy/members/${written.me.id}/erase`,
      headers: { host, ...bearer(admin.token) },
    });
    expect(rest.statusCode).toBe(200);
    expect(json(rest)).toMatchObject({ member_id: written.me.id, policy: 'remove', kept: 0 });
    expect(json<{ removed: number }>(rest).removed).toBeGreaterThanOrEqual(4);
    await expectAccountGone(written);

    const [post] = await server.db.select().from(posts).where(eq(posts.id, written.post.id));
    expect(post!.deletedAt).not.toBeNull();
    const [mine] = await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, written.chat.messageA));
    expect(mine).toMatchObject({ text: '' });
    expect(mine!.deletedAt).not.toBeNull();
    const [theirs] = await server.db.select().from(messengerMessages).where(eq(messengerMessages.id, written.chat.messageB));
    expect(theirs).toMatchObject({ deletedAt: null, text: 'Respuesta de la otra persona' });
    // The document's file goes after the commit.
    expect(existsSync(join(server.dataDir, 'documents', refs.collegeId, written.document.key))).toBe(false);

    const { changes } = await pullAll(other, cursor);
    expect(deletedIds(changes, 'posts')).toContain(written.post.id);
    expect(deletedIds(changes, 'notifications')).toContain(written.notice.id);
    expect(deletedIds(changes, 'messages')).toEqual([written.chat.messageA]);
    expect(deletedIds(changes, 'conversation_members')).toHaveLength(1);
    // The conversation stays for the one left in it, with their own message.
    expect(deletedIds(changes, 'conversations')).toEqual([]);
    // The other's receipt of the removed notification goes too.
    expect(deletedIds(changes, 'notificationReceipts').length).toBeGreaterThanOrEqual(1);
  });

  it('takes a student off their guardians', async () => {
    const child = await member('student');
    const guardian = await member('guardian', [child.id]);
    expect(await erase(admin, child.id)).toMatchObject({ status: 'applied' });
    const [row] = await server.db.select().from(users).where(eq(users.id, guardian.id));
    expect(row!.childIds).toEqual([]);
  });

  it('refuses an administrator erasing themself, and anyone erased twice is gone (404)', async () => {
    expect(await erase(admin, adminId)).toMatchObject({ status: 'rejected', error: { status: 409, message: messages.eraseSelf } });
    const someone = await member('guardian');
    expect(await erase(admin, someone.id)).toMatchObject({ status: 'applied' });
    expect(await erase(admin, someone.id)).toMatchObject({ status: 'rejected', error: { status: 404 } });
  });

  it('is for administrators only (403) and never reaches another college (404)', async () => {
    const target = await member('guardian');
    for (const role of ['staff', 'student', 'guardian'] as const) {
      const who = await member(role);
      expect(await erase(who, target.id)).toMatchObject({ status: 'rejected', error: { status: 403 } });
      const rest = await server.app.inject({
        method: 'POST',
        url: `/api/v1/admin/privacy/members/${target.id}/erase`,
        headers: { host, ...bearer(who.token) },
      });
      expect(rest.statusCode).toBe(403);
      const settings = await server.app.inject({ method: 'GET', url: '/api/v1/admin/privacy/settings', headers: { host, ...bearer(who.token) } });
      expect(settings.statusCode).toBe(403);
      const put = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/privacy/settings',
        headers: { host, ...bearer(who.token) },
        payload: { erasure_policy: 'remove', message_retention_months: 3 },
      });
      expect(put.statusCode).toBe(403);
      expect(await push(who, [{ name: 'privacy.setSettings', args: { erasure_policy: 'remove', message_retention_months: 3 } }])).toMatchObject([
        { status: 'rejected', error: { status: 403 } },
      ]);
    }
    const british = await collegeRefs(server.db, 'british');
    const stranger = await newMember(server, hostOf('british'), british.collegeId, 'british', 'guardian', []);
    expect(await erase(admin, stranger.id)).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const rest = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/privacy/members/${stranger.id}/erase`,
      headers: { host, ...bearer(admin.token) },
    });
    expect(rest.statusCode).toBe(404);
    expect((await server.db.select().from(users).where(eq(users.id, stranger.id)))[0]!.removedAt).toBeNull();
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/v1/admin/privacy/members/nope/erase', headers: { host, ...bearer(admin.token) } })).statusCode,
    ).toBe(404);
  });

  it('keeps the settings through REST and refuses a retention out of range', async () => {
    const put = (payload: unknown) =>
      server.app.inject({ method: 'PUT', url: '/api/v1/admin/privacy/settings', headers: { host, ...bearer(admin.token) }, payload: payload as object });
    expect(json(await put({ erasure_policy: 'keep', message_retention_months: 24 }))).toEqual({ erasure_policy: 'keep', message_retention_months: 24 });
    const got = await server.app.inject({ method: 'GET', url: '/api/v1/admin/privacy/settings', headers: { host, ...bearer(admin.token) } });
    expect(json(got)).toEqual({ erasure_policy: 'keep', message_retention_months: 24 });
    for (const months of [0, 121, 1.5, '6']) {
      const refused = await put({ erasure_policy: 'keep', message_retention_months: months });
      expect(refused.statusCode).toBe(422);
    }
    expect((await put({ erasure_policy: 'forget', message_retention_months: null })).statusCode).toBe(422);
    const british = { ...admin, host: hostOf('british'), token: await signIn(server.app, hostOf('british'), { email: 'admin@british.test' }) };
    const theirs = await server.app.inject({ method: 'GET', url: '/api/v1/admin/privacy/settings', headers: { host: british.host, ...bearer(british.token) } });
    expect(json(theirs)).toEqual({ erasure_policy: 'keep', message_retention_months: null });
  });
});
