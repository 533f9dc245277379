import pg from 'pg';

/**
 * One statement (or a few) on a PostgreSQL server as its administrator, on a connection of
 * its own that is closed afterwards: creating and dropping the databases the tests run on
 * (tests/server/templateDatabases.ts, scripts/e2eServer.ts).
 */
export async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
