import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollegeDirectory } from '../../server/tenancy/collegeDirectory';
import { backends, startServer, type TestServer } from './harness';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('college directory on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  it('answers from the colleges it holds while their reload waits for the database', async () => {
    // Every lookup finds the rows older than the TTL.
    const directory = new CollegeDirectory(server.db, 0);
    expect((await directory.forHost('localhost'))?.slug).toBe('colinas');
    // While this transaction holds the table, a reload cannot read it: a lookup that waited
    // for the reload would wait for the end of the transaction, which waits for the lookup.
    // (The pause only keeps a failing run from hanging.)
    const found = await server.db.transaction(async (tx) => {
      await tx.execute(sql`lock table colleges in access exclusive mode`);
      return Promise.race([directory.forHost('british.localhost'), pause(5_000).then(() => 'waited for the reload' as const)]);
    });
    expect(found === 'waited for the reload' ? found : found?.slug).toBe('british');
    // The reload then finishes in the background.
    expect((await directory.forHost('alianza.localhost'))?.slug).toBe('alianza');
  });

  it('waits for the reload after invalidate, so a change made by this process shows at once', async () => {
    const directory = new CollegeDirectory(server.db);
    const before = await directory.forHost('localhost');
    await server.db.execute(sql`update colleges set name = 'Colegio Las Colinas (renombrado)' where slug = 'colinas'`);
    directory.invalidate();
    expect((await directory.forHost('localhost'))?.name).toBe('Colegio Las Colinas (renombrado)');
    await server.db.execute(sql`update colleges set name = ${before!.name} where slug = 'colinas'`);
  });
});
