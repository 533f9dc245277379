import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uuidv7 } from '../../../contract/ids';
import type { CreatePostArgs } from '../../../contract/posts';
import type { AppConfig } from '../../../server/config';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { postWordsOf } from '../../../src/features/posts/postWords';
import { mutate } from '../../../src/sync/mutate';
import { bearer, signIn, startServer, type TestServer } from '../../server/harness';

/**
 * The sync tests run the engine against the real server (PGlite, a copy of the run's
 * migrated and seeded database: tests/server/harness.ts) listening on an ephemeral
 * loopback port. Loopback selects the default
 * demo college (colinas). The unit setup expects a browser; under node it gets the two
 * globals it touches.
 */
const globals = globalThis as { localStorage?: unknown; document?: unknown };
if (!globals.localStorage) {
  const values = new Map<string, string>();
  globals.localStorage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  };
}
globals.document ??= { cookie: '' };

export interface LiveServer extends TestServer {
  origin: string;
  tokenOf(role: 'admin' | 'staff' | 'student' | 'guardian'): Promise<string>;
  /** A post as the server has it for a staff member, or null (404). */
  fetchPost(id: string): Promise<Record<string, unknown> | null>;
  /** Titles of the posts the server lists for a staff member that contain `text`. */
  countPostsTitled(title: string): Promise<number>;
}

export async function startLiveServer(config: Partial<AppConfig> = {}): Promise<LiveServer> {
  const server = await startServer({ name: 'pglite' }, config);
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const tokens = new Map<string, string>();
  const tokenOf = async (role: string) => {
    let token = tokens.get(role);
    if (!token) tokens.set(role, (token = await signIn(server.app, 'localhost', { email: `${role}@colinas.test` })));
    return token;
  };
  return {
    ...server,
    origin: `http://127.0.0.1:${port}`,
    tokenOf,
    async fetchPost(id) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/posts/${id}`,
        headers: { host: 'localhost', ...bearer(await tokenOf('staff')) },
      });
      if (response.statusCode === 404) return null;
      if (response.statusCode !== 200) throw new Error(`GET post: ${response.statusCode} ${response.body}`);
      return response.json<Record<string, unknown>>();
    },
    async countPostsTitled(title) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/posts?q=${encodeURIComponent(title)}&per_page=100`,
        headers: { host: 'localhost', ...bearer(await tokenOf('staff')) },
      });
      if (response.statusCode !== 200) throw new Error(`GET posts: ${response.statusCode} ${response.body}`);
      const body = response.json<{ data: { title: string }[] }>();
      return body.data.filter((post) => post.title === title).length;
    },
  };
}

/** A port that was just free: connecting to it is refused (the network is "down"). */
export async function closedPortOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

export { freshDb } from './freshDb';

/** Valid `posts.create` arguments built from the reference data the device has pulled. */
export async function newPostArgs(db: PostsDb, fields: Partial<CreatePostArgs> = {}): Promise<CreatePostArgs> {
  const [category] = await db.categories.toArray();
  const [section] = await db.sections.toArray();
  const grade = section ? await db.grades.get(section.grade_id) : undefined;
  if (!category || !section || !grade) throw new Error('pull the reference data first');
  return {
    id: uuidv7(),
    title: 'Reunión de apoderados',
    content: '<p>El jueves a las 18:00 en el gimnasio.</p>',
    category_id: category.id,
    course_ids: [grade.course_id],
    grade_ids: [grade.id],
    section_ids: [section.id],
    scope: 'everyone',
    ...fields,
  };
}

/** The screens' write path: the optimistic row and the outbox entry in one transaction. */
export async function writePost(db: PostsDb, name: 'posts.create' | 'posts.update', args: CreatePostArgs): Promise<void> {
  await mutate(db, { name, args, entity: 'posts', entityId: args.id }, async () => {
    const now = new Date().toISOString();
    const existing = await db.posts.get(args.id);
    const row = {
      college_id: '',
      author_id: '',
      author_name: '',
      views: 0,
      created_at: now,
      published_at: now,
      ...existing,
      ...args,
      updated_at: now,
    };
    await db.posts.put(row);
    await db.postWords.put(postWordsOf(row));
  });
}

export async function deletePostLocally(db: PostsDb, id: string): Promise<void> {
  await mutate(db, { name: 'posts.delete', args: { id }, entity: 'posts', entityId: id }, async () => {
    await db.posts.delete(id);
    await db.postWords.delete(id);
  });
}
