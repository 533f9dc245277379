import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/features';
import type { SyncedEntity } from '../../server/sync/entity';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, pullAll, pullPage, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

/**
 * A school at the bell is a thousand devices polling, most with nothing new: a pull asks
 * every entity at once whether it has anything for the member, and reads only those that do.
 */
describe.each(backends)('what a pull reads on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let staff: Session;
  let student: Session;
  const reads: string[] = [];
  const counted: SyncedEntity[] = registry.entities.map((entity) => ({
    ...entity,
    changedSince: (db, query) => {
      reads.push(entity.name);
      return entity.changedSince(db, query);
    },
  }));
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend, {}, { registry: { ...registry, entities: counted } });
    refs = await collegeRefs(server.db, 'colinas');
    staff = { app: server.app, host, token: await signIn(server.app, host, { email: 'staff@colinas.test' }) };
    // The demo student is in 1° Básico A.
    student = { app: server.app, host, token: await signIn(server.app, host, { email: 'student@colinas.test' }) };
  });
  afterAll(() => server.close());

  it('reads no entity when nothing changed for the member, and only the entity that did', async () => {
    let { cursor } = await pullAll(student);

    reads.length = 0;
    const quiet = await pullPage(student, cursor);
    expect(quiet).toMatchObject({ changes: [], hasMore: false, reset: false });
    expect(reads).toEqual([]);
    cursor = quiet.cursor;

    // A post for another section changes the college, not what the student may see.
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    reads.length = 0;
    const others = await pullPage(student, cursor);
    expect(others.changes).toEqual([]);
    expect(reads).toEqual([]);
    expect(others.cursor).not.toBe(cursor);
    cursor = others.cursor;

    const mine = postArgs(refs, ['1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args: mine }]);
    reads.length = 0;
    const page = await pullPage(student, cursor);
    expect(upsertedIds(page.changes, 'posts')).toEqual([mine.id]);
    expect(reads).toEqual(['posts']);
  });
});
