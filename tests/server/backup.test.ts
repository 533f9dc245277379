import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupStatusResponse } from '../../contract/backup';
import { DamagedArchive } from '../../server/backup/archiveReader';
import { runScheduledBackup, type BackupSchedule } from '../../server/backup/backupJob';
import { backupToFolder } from '../../server/backup/createBackup';
import { listDataFiles } from '../../server/backup/dataFiles';
import { sourceOf, type DatabaseTarget } from '../../server/backup/databaseDump';
import { archiveNamePattern } from '../../server/backup/manifest';
import { restoreBackup } from '../../server/backup/restoreBackup';
import { backends, bearer, hostOf, json, multipartBody, signIn, startServer, tinyPng, type Backend, type TestServer } from './harness';
import { withAdmin } from './templateDatabases';

/** Every table's rows, ordered, as text: what a restore must bring back unchanged. */
const tablesQuery = `select table_schema, table_name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function everyRow(query: Query): Promise<Map<string, string[]>> {
  const tables = (await query(tablesQuery)).rows as { table_schema: string; table_name: string }[];
  const rows = new Map<string, string[]>();
  for (const { table_schema: schema, table_name: name } of tables) {
    const { rows: found } = await query(`select row_to_json(t)::text as r from "${schema}"."${name}" t order by 1`);
    rows.set(
      `${schema}.${name}`,
      found.map((row) => String(row.r)),
    );
  }
  return rows;
}

async function everyFile(dataDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const path of await listDataFiles(dataDir)) files.set(path, (await readFile(join(dataDir, path))).toString('base64'));
  return files;
}

/** A fresh, empty target of the backend's kind: a data folder, and for PostgreSQL an empty database. */
async function emptyTarget(
  backend: Backend,
): Promise<{ dataDir: string; database: DatabaseTarget; query: () => Promise<{ run: Query; close: () => Promise<void> }>; drop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'patio-restore-target-'));
  if (backend.name === 'postgres' && backend.url) {
    const name = `patio_restore_${randomBytes(6).toString('hex')}`;
    await withAdmin(backend.url, (client) => client.query(`create database ${name}`));
    const url = new URL(backend.url);
    url.pathname = `/${name}`;
    return {
      dataDir,
      database: { kind: 'postgres', url: url.toString() },
      query: async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        return { run: (text) => client.query(text), close: () => client.end() };
      },
      drop: async () => {
        await withAdmin(backend.url!, (client) => client.query(`drop database if exists ${name} with (force)`));
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    dataDir,
    database: { kind: 'pglite', dir: join(dataDir, 'pglite') },
    query: async () => {
      const client = await PGlite.create(join(dataDir, 'pglite'));
      return { run: (text) => client.query<Record<string, unknown>>(text), close: () => client.close() };
    },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describe.each(backends)('backup and restore on $name', (backend) => {
  let server: TestServer;
  let work: string;
  const host = hostOf('colinas');
  // Both drivers answer `execute` with the rows under `rows`.
  const sourceQuery: Query = async (text) => {
    const result: unknown = await server.db.execute(sql.raw(text));
    return result as { rows: Record<string, unknown>[] };
  };

  beforeAll(async () => {
    server = await startServer(backend);
    work = await mkdtemp(join(tmpdir(), 'patio-backups-'));
    // A member's avatar, uploaded as the app sends it: a file under the data folder and a row pointing at it.
    const token = await signIn(server.app, host, { email: 'student@colinas.test' });
    const fields = {
      _method: 'PUT',
      name: 'Martina',
      first_lastname: 'Campos',
      second_lastname: 'Vidal',
      email: 'student@colinas.test',
      rut: '',
      phone: '+56 9 1234 5678',
      birthdate: '2010-05-04',
    };
    const body = multipartBody(fields, { field: 'avatar', filename: 'photo.png', contentType: 'image/png', data: tinyPng });
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/update/profile',
      headers: { host, ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    // The secret key, made at start, is in the data folder but must not be in an archive.
    expect((await stat(join(server.dataDir, 'secret.key'))).isFile()).toBe(true);
  });
  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  it('brings back every table row and every file into an empty target, and leaves the secret key out', async () => {
    const { file } = await backupToFolder({ source: sourceOf(server.db), dataDir: server.dataDir, now: new Date('2026-12-04T19:30:00Z') }, join(work, 'whole'));
    expect(file.endsWith('patio-backup-2026-12-04T19-30-00Z.zip')).toBe(true);
    const before = await everyRow(sourceQuery);
    const files = await everyFile(server.dataDir);
    expect([...files.keys()].some((path) => /^uploads\/avatars\/.+\.png$/.test(path))).toBe(true);
    expect(before.get('public.users')?.length).toBeGreaterThan(0);

    const target = await emptyTarget(backend);
    try {
      const manifest = await restoreBackup({ archive: file, database: target.database, dataDir: target.dataDir });
      expect(manifest.database.kind).toBe(backend.name);
      expect(manifest.parts.map((part) => part.path)).not.toContain('files/secret.key');
      const restored = await target.query();
      try {
        expect(await everyRow(restored.run)).toEqual(before);
      } finally {
        await restored.close();
      }
      expect(await everyFile(target.dataDir)).toEqual(files);
      await expect(stat(join(target.dataDir, 'secret.key'))).rejects.toThrow();
      // A second restore into the now full target is refused, unless forced.
      await expect(restoreBackup({ archive: file, database: target.database, dataDir: target.dataDir })).rejects.toThrow(/not empty/);
    } finally {
      await target.drop();
    }
  });

  it('refuses a damaged archive before touching the target', async () => {
    const { file } = await backupToFolder(
      { source: sourceOf(server.db), dataDir: server.dataDir, now: new Date('2026-12-05T00:00:00Z') },
      join(work, 'damaged'),
    );
    // One byte changed in the middle of the database part.
    const handle = await open(file, 'r+');
    try {
      const size = (await handle.stat()).size;
      const at = Math.floor(size / 3);
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, at);
      byte[0] = byte[0]! ^ 0xff;
      await handle.write(byte, 0, 1, at);
    } finally {
      await handle.close();
    }
    const target = await emptyTarget(backend);
    try {
      // Whichever part the byte fell in (a database dump, an upload, the zip's own records): refused as damaged.
      await expect(restoreBackup({ archive: file, database: target.database, dataDir: target.dataDir })).rejects.toBeInstanceOf(DamagedArchive);
      expect(await readdir(target.dataDir)).toEqual([]);
      if (target.database.kind === 'postgres') {
        const restored = await target.query();
        try {
          expect((await restored.run(tablesQuery)).rows).toEqual([]);
        } finally {
          await restored.close();
        }
      }
    } finally {
      await target.drop();
    }
  });

  it('keeps exactly the newest archives the schedule says', async () => {
    const schedule: BackupSchedule = { dir: join(work, 'kept'), everyHours: 1, keep: 2 };
    const log = server.app.log;
    const hours = ['2026-12-06T01:05:00Z', '2026-12-06T02:05:00Z', '2026-12-06T03:05:00Z'];
    for (const hour of hours) await runScheduledBackup(server.db, new Date(hour), { dataDir: server.dataDir, log }, schedule);
    // A second look in the same hour backs up nothing.
    await runScheduledBackup(server.db, new Date('2026-12-06T03:40:00Z'), { dataDir: server.dataDir, log }, schedule);
    const kept = (await readdir(schedule.dir)).sort();
    expect(kept).toEqual(['patio-backup-2026-12-06T02-05-00Z.zip', 'patio-backup-2026-12-06T03-05-00Z.zip']);
    expect(kept.every((name) => archiveNamePattern.test(name))).toBe(true);
  });

  it('records a failed scheduled backup, shows it to administrators and not to others', async () => {
    // The backup folder's place is taken by a file: making the folder fails.
    const blocked = join(work, 'blocked');
    await writeFile(blocked, 'not a folder');
    const schedule: BackupSchedule = { dir: join(blocked, 'backups'), everyHours: 1, keep: 2 };
    const lines: string[] = [];
    // The server's logger, its error lines kept to read.
    const logged = Object.assign(Object.create(server.app.log) as typeof server.app.log, {
      error: (object: unknown, message?: string) => {
        lines.push(JSON.stringify({ object, message }));
      },
    });
    await runScheduledBackup(server.db, new Date('2026-12-07T10:00:00Z'), { dataDir: server.dataDir, log: logged }, schedule);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('backup failed');
    expect(lines[0]).toContain('ENOTDIR');

    const admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const answer = await server.app.inject({ method: 'GET', url: '/api/v1/admin/backups', headers: { host, ...bearer(admin) } });
    expect(answer.statusCode).toBe(200);
    const { data } = backupStatusResponse.parse(json(answer));
    expect(data.last).toMatchObject({ started_at: '2026-12-07T10:00:00.000Z', outcome: 'failed', archive: null });
    expect(data.last?.reason).toMatch(/^ENOTDIR/);
    expect(data.last_ok).toMatchObject({ outcome: 'ok', archive: 'patio-backup-2026-12-06T03-05-00Z.zip' });

    const student = await signIn(server.app, host, { email: 'student@colinas.test' });
    const refused = await server.app.inject({ method: 'GET', url: '/api/v1/admin/backups', headers: { host, ...bearer(student) } });
    expect(refused.statusCode).toBe(403);
  });
});
