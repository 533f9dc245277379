import { and, eq, isNull } from 'drizzle-orm';
import { keysOfAudience, keysOfMembers } from '../../contract/audience';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import type { CreatePostArgs, PostFields, UpdatePostArgs } from '../../contract/posts';
import { nextAudience } from '../audience/visibility';
import { checkedAudience, checkReferences, looksLikeUuid } from '../audience/references';
import { removeOwnerAttachments } from '../attachments/attachmentService';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { canSeePost, type PostRow } from './postEntities';
import { hasText, sanitizeContent } from '../richText/sanitizeContent';
import { categories, postStats, posts } from './schema';
import { countPostView, deliverPost } from './postDelivery';
import { markDeliveryRead } from '../delivery/schedule';

/**
 * Writing posts: the one implementation behind the push mutations (posts.*) and the REST
 * endpoints, so both check the same permission and answer the same errors. Each function
 * runs inside `writeInCollege` and stamps what it changes, poking only whoever could see
 * a version of the post (its `seen_keys`).
 */

function assertCanPublish(actor: MutationActor): void {
  if (!can(actor.user.role, 'content.publish')) throw forbidden();
}

/** Sanitises the content and checks that every reference exists in the college (422). */
async function checkedFields(write: Write, fields: PostFields) {
  const content = sanitizeContent(fields.content);
  const errors: Record<string, string[]> = {};
  if (!hasText(content)) errors.content = [messages.postContentRequired];
  await checkReferences(write.tx, write.collegeId, errors, 'category_id', categories, [fields.category_id]);
  const audience = await checkedAudience(write.tx, write.collegeId, fields, errors);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return {
    title: fields.title,
    content,
    categoryId: fields.category_id.toLowerCase(),
    ...audience,
  };
}

const authorName = (actor: MutationActor) => [actor.user.name, actor.user.firstLastname].filter(Boolean).join(' ');

/**
 * Who receives the post: its audience once published; a post dated in the future is its
 * author's alone until then, and released at that time (server/audience/release.ts).
 */
function audienceColumns(
  fields: { scope: PostRow['scope']; sectionIds: string[] },
  publishedAt: Date,
  authorId: string,
  now: Date,
  previous?: Pick<PostRow, 'seenKeys'>,
) {
  const keys = keysOfAudience({ scope: fields.scope, section_ids: fields.sectionIds });
  if (publishedAt.getTime() > now.getTime()) return { ...nextAudience(keysOfMembers([authorId]), previous), releaseAt: publishedAt, releaseKeys: keys };
  return { ...nextAudience(keys, previous), releaseAt: null, releaseKeys: [] };
}

export async function createPost(write: Write, actor: MutationActor, args: CreatePostArgs): Promise<PostRow> {
  assertCanPublish(actor);
  const fields = await checkedFields(write, args);
  const now = new Date();
  const publishedAt = args.published_at ? new Date(args.published_at) : now;
  const audience = audienceColumns(fields, publishedAt, actor.user.id, now);
  const [row] = await write.tx
    .insert(posts)
    .values({
      id: args.id.toLowerCase(),
      collegeId: write.collegeId,
      ...fields,
      publishedAt,
      authorId: actor.user.id,
      authorName: authorName(actor),
      createdAt: now,
      updatedAt: now,
      ...audience,
      seq: write.stamp(audience.seenKeys),
    })
    .onConflictDoNothing()
    .returning();
  // The id is taken (by this college or another): never overwrite someone else's row.
  if (!row) throw new HttpError(409, messages.conflict);
  await deliverPost(write, row, actor.origin?.site, now);
  return row;
}

/** The live post of the college, locked for the rest of the write; 404 otherwise. */
async function livePost(write: Write, id: string): Promise<PostRow> {
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(posts)
        .where(and(eq(posts.id, id.toLowerCase()), eq(posts.collegeId, write.collegeId), isNull(posts.deletedAt)))
        .for('update')
    : [];
  if (!row) throw notFound(messages.postNotFound);
  return row;
}

export async function updatePost(write: Write, actor: MutationActor, args: UpdatePostArgs): Promise<PostRow> {
  assertCanPublish(actor);
  const current = await livePost(write, args.id);
  const fields = await checkedFields(write, args);
  const now = new Date();
  const publishedAt = args.published_at ? new Date(args.published_at) : current.publishedAt;
  const audience = audienceColumns(fields, publishedAt, current.authorId ?? actor.user.id, now, current);
  const [row] = await write.tx
    .update(posts)
    .set({
      ...fields,
      publishedAt,
      updatedAt: now,
      ...audience,
      seq: write.stamp(audience.seenKeys),
    })
    .where(eq(posts.id, current.id))
    .returning();
  // Members the edit adds to its audience get it too; what its emails say is read when they leave.
  await deliverPost(write, row!, actor.origin?.site, now);
  return row!;
}

/**
 * Deleting keeps a tombstone (deleted_at), so devices learn about it in their next pull; its
 * attachments' files are removed once the delete commits.
 */
export async function deletePost(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  assertCanPublish(actor);
  const current = await livePost(write, args.id);
  const now = new Date();
  await write.tx
    .update(posts)
    .set({ deletedAt: now, updatedAt: now, viewsPending: 0, releaseAt: null, seq: write.stamp(current.seenKeys) })
    .where(eq(posts.id, current.id));
  await write.tx
    .update(postStats)
    .set({ deletedAt: now, seq: write.stamp(current.seenKeys) })
    .where(and(eq(postStats.id, current.id), isNull(postStats.deletedAt)));
  await removeOwnerAttachments(write, 'post', current.id);
}

/**
 * Counts a view once per user and post; only a post the user may see can be viewed. The
 * post keeps its change number (no device re-downloads it, nobody is poked): the count
 * reaches devices through `post_stats` (server/posts/postStats.ts).
 */
export async function viewPost(write: Write, actor: MutationActor, args: { post_id: string }): Promise<void> {
  const current = await livePost(write, args.post_id);
  if (!canSeePost(current, actor.viewer)) throw notFound(messages.postNotFound);
  if (await countPostView(write.tx, current, actor.user.id)) await markDeliveryRead(write.tx, 'post', current.id, actor.user.id, new Date());
}
