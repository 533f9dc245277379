import type { EntityTable, Table } from 'dexie';
import type { Category, Post } from '../../../contract/posts';
import type { DbWith, PatioDb } from '../../db/database';

/** A post as stored locally: the server's row as it is (search words live in `postWords`). */
export type LocalPost = Post;

/**
 * The search words of one post (postWords.ts), apart from the post since version 2; since
 * version 4 without a multi-entry index: the words are found through `postTerms`, the
 * inverted postings of each indexed batch (src/db/searchIndex.ts).
 */
export interface PostWords {
  /** The post's id. A row whose post is gone is stale and skipped by search. */
  id: string;
  /** Lower-cased, accent-free words of the title and text, for prefix search. */
  words: string[];
  /** The postings group its words were written in. */
  group?: string;
}

/** One word of one indexed batch: the posts having it. */
export interface PostTerm {
  word: string;
  group: string;
  ids: string[];
}

/** Posts this user has opened; a view is sent once per user and post, even offline. */
export interface ViewedPost {
  post_id: string;
  viewedAt: string;
}

/**
 * A post's view count (entity `postStats`, id = the post's id), synced on a slow cadence
 * apart from the post; shown instead of the post's own `views` when present.
 */
export interface PostStats {
  id: string;
  views: number;
}

/**
 * A news category the member keeps on this device (since version 10): the photos and files
 * of its posts are downloaded with them (keptNews.ts), new ones as they sync.
 */
export interface KeptNewsCategory {
  /** The category's id. */
  id: string;
  keptAt: string;
  /** Download on Save-Data or a 2G connection too (the member said so). */
  evenOnSlowNetwork: boolean;
}

/**
 * An attachment of a kept category's post whose files are all on the device
 * (src/attachments/keptAttachments.ts): written once they are, so a row means "opens offline".
 */
export interface KeptPostFile {
  /** The attachment's id. */
  id: string;
  post_id: string;
  category_id: string;
  size: number;
  keptAt: string;
}

/** The posts module's tables (module.ts declares their stores). */
export interface PostsTables {
  posts: EntityTable<LocalPost, 'id'>;
  postWords: EntityTable<PostWords, 'id'>;
  postTerms: Table<PostTerm, [string, string]>;
  categories: EntityTable<Category, 'id'>;
  viewedPosts: EntityTable<ViewedPost, 'post_id'>;
  postStats: EntityTable<PostStats, 'id'>;
  keptNewsCategories: EntityTable<KeptNewsCategory, 'id'>;
  keptPostFiles: EntityTable<KeptPostFile, 'id'>;
}

export type PostsDb = DbWith<PostsTables>;

/** The database with the posts tables typed; it has them whenever the posts module is registered. */
export function postsDb(db: PatioDb): PostsDb {
  if (!db.registry.modules.some((module) => module.name === 'posts')) throw new Error('the posts module is not registered');
  return db as PostsDb;
}
