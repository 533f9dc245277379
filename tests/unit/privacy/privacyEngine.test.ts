// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import type { ErasurePolicy } from '../../../contract/privacy';
import { PatioDb } from '../../../src/db/database';
import { postsDb } from '../../../src/features/posts/postsDb';
import { privacyDb, type PrivacyDb } from '../../../src/features/privacy/privacyDb';
import { requestExport } from '../../../src/features/privacy/privacyWrites';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { issueAccessToken } from '../../../server/auth/tokens';
import { users } from '../../../server/db/schema';
import { runExports } from '../../../server/privacy/exportJob';
import { localStorage } from '../../../server/storage/localStorage';
import { bearer } from '../../server/harness';
import { postArgs, collegeRefs, push } from '../../server/syncHelpers';
import { startLiveServer, type LiveServer } from '../sync/syncTestKit';

let server: LiveServer;
const engines: SyncEngine[] = [];
const host = 'localhost';

beforeAll(async () => {
  server = await startLiveServer();
}, 60_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await server.close();
});

/** A device of the demo member of `role`, started and synced. */
async function deviceOf(role: 'staff' | 'student'): Promise<{ db: PrivacyDb; engine: SyncEngine; userId: string }> {
  const [me] = await server.db
    .select()
    .from(users)
    .where(eq(users.email, `${role}@colinas.test`));
  const db = privacyDb(new PatioDb(`patio-test-privacy-${me!.id}-${uuidv7()}`, dataModules));
  const engine = createSyncEngine({ db, origin: server.origin, token: await server.tokenOf(role), live: false, random: () => 0.5, log: () => undefined });
  engines.push(engine);
  await engine.start();
  return { db, engine, userId: me!.id };
}

/** A new staff member who publishes a post to 1° Básico A; answers the post's id. */
async function writerWithPost(): Promise<{ memberId: string; postId: string }> {
  const refs = await collegeRefs(server.db, 'colinas');
  const [template] = await server.db.select().from(users).where(eq(users.email, 'staff@colinas.test'));
  const memberId = uuidv7();
  await server.db.insert(users).values({ ...template!, id: memberId, email: `${memberId}@colinas.test`, rut: null, name: 'Rosa', firstLastname: 'Pérez' });
  const token = await issueAccessToken(server.db, refs.collegeId, memberId);
  const post = postArgs(refs, ['1° Básico A'], 'everyone', { title: `Salida pedagógica ${memberId}` });
  expect(await push({ app: server.app, host, token }, [{ name: 'posts.create', args: post }])).toMatchObject([{ status: 'applied' }]);
  return { memberId, postId: post.id };
}

async function erase(memberId: string, policy: ErasurePolicy): Promise<void> {
  const headers = { host, ...bearer(await server.tokenOf('admin')) };
  const settings = await server.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/privacy/settings',
    headers,
    payload: { erasure_policy: policy, message_retention_months: null },
  });
  expect(settings.statusCode).toBe(200);
  const erased = await server.app.inject({ method: 'POST', url: `/api/v1/admin/privacy/members/${memberId}/erase`, headers });
  expect(erased.statusCode).toBe(200);
}

describe('devices follow an erasure', () => {
  it('a kept publication loses its author on the device; a removed one leaves it', async () => {
    const kept = await writerWithPost();
    const removed = await writerWithPost();
    const { db, engine } = await deviceOf('student');
    const posts = postsDb(db);
    expect((await posts.posts.get(kept.postId))?.author_name).toBe('Rosa Pérez');
    expect(await posts.posts.get(removed.postId)).toBeDefined();

    await erase(kept.memberId, 'keep');
    await engine.syncNow('user');
    expect(await posts.posts.get(kept.postId)).toMatchObject({ author_name: '', title: `Salida pedagógica ${kept.memberId}` });

    await erase(removed.memberId, 'remove');
    await engine.syncNow('user');
    expect(await posts.posts.get(removed.postId)).toBeUndefined();
    // The kept one is still there.
    expect(await posts.posts.get(kept.postId)).toBeDefined();
  });
});

describe('a data export asked on the device', () => {
  it('is queued, sent, prepared by the job and shown ready on the device', async () => {
    const { db, engine, userId } = await deviceOf('staff');
    const { id } = await requestExport(db, { id: userId }, { id: userId, name: 'Staff' });
    expect(await db.dataExports.get(id)).toMatchObject({ state: 'asked', member_id: userId });
    await engine.syncNow('user');
    expect(await db.outbox.count()).toBe(0);
    await runExports(server.db, new Date(), { dataDir: server.dataDir, storage: localStorage(`${server.dataDir}/uploads`), log: server.app.log });
    await engine.syncNow('user');
    expect(await db.dataExports.get(id)).toMatchObject({ state: 'ready', requested_by: userId });
  });
});
