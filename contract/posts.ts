import { z } from './zod';
import { attachmentList } from './attachments';
import { audienceFields, audienceScopes, requireSections, type AudienceScope } from './audience';
import { messages } from './messages';
import { dateTime, text } from './text';

/**
 * Posts (news): the first synced entity. Validation of the original app's rule ("content required; at
 * least one course, one grade and one section", unless the post is for the whole college
 * or for staff only: contract/audience.ts) is this one schema, used by the new-post form,
 * the push mutation handlers and the REST endpoints alike.
 */
export const postScopes = audienceScopes;
export type PostScope = AudienceScope;

/** A post category (news, events, sports…): reference data, synced like posts. */
export const category = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  /** Kept for its posts, not offered for new ones; absent in rows of older servers. */
  archived: z.boolean().optional(),
});
export type Category = z.infer<typeof category>;

/** A post as synced to devices and answered by `GET /api/v1/posts/{id}`. */
export const post = z.object({
  id: z.string(),
  college_id: z.string(),
  title: z.string(),
  /** Sanitised HTML (server-side allow-list); rendered without further processing. */
  content: z.string(),
  category_id: z.string(),
  course_ids: z.array(z.string()),
  grade_ids: z.array(z.string()),
  section_ids: z.array(z.string()),
  scope: z.enum(postScopes),
  /** ISO timestamp; lists sort by it, newest first. */
  published_at: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  views: z.number().int(),
  /** Its files: the first image is its cover in the news list (contract/attachments.ts). */
  attachments: attachmentList,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Post = z.infer<typeof post>;

/**
 * A post's view count (entity `postStats`, id = the post's id), synced on a slow cadence
 * apart from the post, so reading a post never re-sends it to anyone.
 */
export const postStats = z.object({
  id: z.string(),
  views: z.number().int(),
});
export type PostStats = z.infer<typeof postStats>;

/**
 * The fields a person writes; shared by create and update. A `published_at` in the future
 * schedules the post: only its author receives it until then.
 */
const postFieldsShape = z.object({
  title: text({ max: 200, trim: true, error: messages.postTitleRequired }).min(1, { error: messages.postTitleRequired }),
  content: text({ max: 100_000, error: messages.postContentRequired }).refine(
    (html) =>
      html
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .trim() !== '',
    { error: messages.postContentRequired },
  ),
  category_id: text({ max: 64, error: messages.postCategoryRequired }).min(1, { error: messages.postCategoryRequired }),
  ...audienceFields.shape,
  /** When it is shown as published; defaults to the moment the server applies it. */
  published_at: dateTime().optional(),
});
export const postFields = postFieldsShape.superRefine(requireSections);
export type PostFields = z.infer<typeof postFields>;

/** Mutation `posts.create`: the id is a UUIDv7 made by the device. */
export const createPostArgs = postFieldsShape.extend({ id: z.uuid() }).superRefine(requireSections);
export type CreatePostArgs = z.infer<typeof createPostArgs>;

/** Mutation `posts.update` and `PUT /api/v1/posts/{id}`. */
export const updatePostArgs = postFieldsShape.extend({ id: z.uuid() }).superRefine(requireSections);
export type UpdatePostArgs = z.infer<typeof updatePostArgs>;

/** Mutation `posts.delete` and `DELETE /api/v1/posts/{id}`. */
export const deletePostArgs = z.object({ id: z.uuid() });

/** Mutation `posts.view`: counted once per user and post, also when read offline. */
export const viewPostArgs = z.object({ post_id: z.uuid() });

const categoryName = text({ max: 80, trim: true, error: messages.structureNameRequired }).min(1, { error: messages.structureNameRequired });

/**
 * Mutations `categories.create` (last of the list; the server makes the slug from the name,
 * unique in the college) and `categories.update` (a rename: the slug, in links, stays).
 * Administrators (`structure.manage`), from the structure screen.
 */
export const categoryArgs = z.object({ id: z.uuid(), name: categoryName });
export type CategoryArgs = z.infer<typeof categoryArgs>;
/** Mutation `categories.reorder`: every category, in the new order. */
export const reorderCategoriesArgs = z.object({
  ids: z
    .array(z.uuid())
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, { error: messages.structureOrderInvalid }),
});
export type ReorderCategoriesArgs = z.infer<typeof reorderCategoriesArgs>;
/** Mutation `categories.archive`: archived (true) or back (false); its posts keep it. */
export const archiveCategoryArgs = z.object({ id: z.uuid(), archived: z.boolean() });
export type ArchiveCategoryArgs = z.infer<typeof archiveCategoryArgs>;

/** A slug for a new category's links (`/blog/<slug>`): lower-case letters and digits, accents dropped. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'categoria';
}

export const postMutations = {
  'posts.create': createPostArgs,
  'posts.update': updatePostArgs,
  'posts.delete': deletePostArgs,
  'posts.view': viewPostArgs,
  'categories.create': categoryArgs,
  'categories.update': categoryArgs,
  'categories.reorder': reorderCategoriesArgs,
  'categories.archive': archiveCategoryArgs,
} as const;
export type PostMutationName = keyof typeof postMutations;

/** `POST /api/v1/posts`: like `posts.create`; without an id the server makes one. */
export const restCreatePostBody = postFieldsShape.extend({ id: z.uuid().optional() }).superRefine(requireSections);

/** `GET /api/v1/posts`: the visible posts, newest first; `category` is an id or a slug. */
export const postListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  category: text({ max: 100, trim: true }).optional(),
  q: text({ max: 200, trim: true }).optional(),
});
export type PostListQuery = z.infer<typeof postListQuery>;

export const postListResponse = z.object({
  data: z.array(post),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
export type PostListResponse = z.infer<typeof postListResponse>;
