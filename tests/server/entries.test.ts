import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, users } from '../../server/db/schema';
import { hourIn } from '../../server/entries/recordEntry';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

describe.each(backends)('entries (app opens) on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  it('records at most one app open per user per hour', async () => {
    const host = hostOf('british');
    const token = await signIn(server.app, host, { email: 'student@british.test' });
    const open = () => server.app.inject({ method: 'POST', url: '/api/v1/entries', headers: { host, ...bearer(token) }, payload: { kind: 'app_open' } });
    expect((await open()).statusCode).toBe(204);
    expect((await open()).statusCode).toBe(204);
    const [student] = await server.db.select().from(users).where(eq(users.email, 'student@british.test'));
    const rows = await server.db
      .select()
      .from(entries)
      .where(and(eq(entries.userId, student!.id), eq(entries.kind, 'app_open')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.collegeId).toBe(student!.collegeId);
    expect(rows[0]!.hour).toBe(hourIn(rows[0]!.occurredAt, 'America/Santiago'));
  });

  it('accepts only known kinds and signed-in users', async () => {
    const host = hostOf('british');
    const token = await signIn(server.app, host, { email: 'staff@british.test' });
    const bad = await server.app.inject({ method: 'POST', url: '/api/v1/entries', headers: { host, ...bearer(token) }, payload: { kind: 'sign_in' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(bad).errors)).toEqual(['kind']);
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/v1/entries', headers: { host }, payload: { kind: 'app_open' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('computes the hour in the college time zone', () => {
    expect(hourIn(new Date('2026-03-10T15:30:00Z'), 'America/Santiago')).toBe(12);
    expect(hourIn(new Date('2026-03-10T15:30:00Z'), 'UTC')).toBe(15);
  });
});
