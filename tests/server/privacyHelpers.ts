import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { fromBuffer, type Entry } from 'yauzl';
import { uuidv7 } from '../../contract/ids';
import { directConversationId } from '../../contract/messenger';
import { attachments } from '../../server/attachments/schema';
import { users } from '../../server/db/schema';
import { documentCategories, documents } from '../../server/documents/schema';
import { calendarFeeds } from '../../server/events/schema';
import { runExports } from '../../server/privacy/exportJob';
import { pushSubscriptions } from '../../server/push/schema';
import { localStorage } from '../../server/storage/localStorage';
import type { TestServer } from './harness';
import { newMember, push, type Member } from './syncHelpers';

export { newMember };
export type { Member };

export const storageOf = (server: TestServer) => localStorage(join(server.dataDir, 'uploads'));

/** One run of the exports job at `now`, as the job runner would call it. */
export const runExportJob = (server: TestServer, now = new Date()) =>
  runExports(server.db, now, { dataDir: server.dataDir, storage: storageOf(server), log: server.app.log });

/** A document authored by the member, with its file on disk as a finished upload leaves it. */
export async function documentOf(server: TestServer, collegeId: string, author: Member, title: string, bytes: Buffer): Promise<{ id: string; key: string }> {
  const [category] = await server.db.select().from(documentCategories).where(eq(documentCategories.collegeId, collegeId)).limit(1);
  const id = uuidv7();
  const key = `${author.id.replace(/-/g, '')}${id.replace(/-/g, '').slice(0, 32)}`;
  const folder = join(server.dataDir, 'documents', collegeId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, key), bytes);
  await writeFile(join(folder, `${key}.json`), JSON.stringify({ id: key, size: bytes.length }));
  await server.db.insert(documents).values({
    id,
    collegeId,
    categoryId: category!.id,
    title,
    mimeType: 'text/plain',
    size: bytes.length,
    sha256: '0'.repeat(64),
    fileKey: key,
    courseIds: [],
    gradeIds: [],
    sectionIds: [],
    scope: 'staff',
    authorId: author.id,
    authorName: 'Autor',
    audienceKeys: ['staff'],
    seenKeys: ['staff'],
  });
  return { id, key };
}

/** An attachment the member uploaded to a post, its file on disk. */
export async function attachmentOf(
  server: TestServer,
  collegeId: string,
  uploader: Member,
  postId: string,
  name: string,
  bytes: Buffer,
): Promise<{ id: string; key: string }> {
  const id = uuidv7();
  const key = `${uploader.id.replace(/-/g, '')}${id.replace(/-/g, '').slice(0, 32)}`;
  const folder = join(server.dataDir, 'documents', collegeId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, key), bytes);
  await server.db.insert(attachments).values({
    id,
    collegeId,
    ownerKind: 'post',
    ownerId: postId,
    name,
    mimeType: 'text/plain',
    size: bytes.length,
    sha256: '0'.repeat(64),
    fileKey: key,
    uploaderId: uploader.id,
  });
  return { id, key };
}

/** The member's avatar, stored as the profile's upload stores it. */
export async function avatarOf(server: TestServer, collegeId: string, member: Member, bytes: Buffer): Promise<string> {
  const key = `avatars/${collegeId}/${member.id}.png`;
  await storageOf(server).put(key, bytes);
  await server.db.update(users).set({ avatar: key }).where(eq(users.id, member.id));
  return key;
}

/** A browser subscribed to push and a calendar feed, as the member's devices leave them. */
export async function devicesOf(server: TestServer, collegeId: string, member: Member): Promise<void> {
  await server.db.insert(pushSubscriptions).values({
    endpoint: `https://push.example.test/${member.id}`,
    collegeId,
    userId: member.id,
    p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });
  await server.db.insert(calendarFeeds).values({ userId: member.id, collegeId, token: `feed-${member.id}` });
}

/** A direct conversation between two members, each sending one message. */
export async function conversationOf(
  a: Member,
  b: Member,
  textA: string,
  textB: string,
): Promise<{ conversationId: string; messageA: string; messageB: string }> {
  const conversationId = await directConversationId(a.id, b.id);
  const messageA = uuidv7();
  const messageB = uuidv7();
  const started = await push(a, [
    { name: 'messenger.startDirect', args: { id: conversationId, user_id: b.id } },
    { name: 'messenger.send', args: { id: messageA, conversation_id: conversationId, text: textA } },
  ]);
  const answered = await push(b, [{ name: 'messenger.send', args: { id: messageB, conversation_id: conversationId, text: textB } }]);
  for (const result of [...started, ...answered]) if (result.status !== 'applied') throw new Error(JSON.stringify(result));
  return { conversationId, messageA, messageB };
}

/** The entries of a zip, by name. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const found = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(found));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
