import type { Transaction } from 'dexie';
import type { OutboxEntry } from '../../db/database';
import { defineDataModule, parsedBy } from '../../db/dataModule';
import { queueAllInUpgrade } from '../../db/searchIndex';
import type { PostWords } from './postsDb';
import { postsSearch } from './postWords';

/**
 * The posts module's data (docs/architecture.md, "Feature modules"): its tables, synced entities,
 * search index and background mutations. Loaded by the sync worker too: no React here.
 * Its screens, routes, navigation and outbox labels are in ui.tsx.
 */

/** Version 2: search words move out of posts into postWords. */
async function moveWordsOut(tx: Transaction): Promise<void> {
  const words: PostWords[] = [];
  await tx
    .table('posts')
    .toCollection()
    .modify((row: Record<string, unknown>) => {
      if (Array.isArray(row._words)) words.push({ id: String(row.id), words: row._words as string[] });
      delete row._words;
    });
  await tx.table('postWords').bulkPut(words);
  // Before-images of waiting changes are posts too: a discard must not put `_words` back.
  await tx
    .table('outbox')
    .toCollection()
    .modify((entry: OutboxEntry) => {
      if (entry.before?.row && '_words' in entry.before.row) delete entry.before.row._words;
    });
}

/**
 * Version 3: views queued before background mutations existed become background entries;
 * a view already refused ("needs attention") is dropped, as the engine now does.
 */
async function flagQueuedViews(tx: Transaction): Promise<void> {
  await tx
    .table('outbox')
    .filter((entry: OutboxEntry) => entry.name === 'posts.view' && entry.status === 'attention')
    .delete();
  await tx
    .table('outbox')
    .filter((entry: OutboxEntry) => entry.name === 'posts.view')
    .modify((entry: OutboxEntry) => {
      entry.background = true;
    });
}

/**
 * Version 4: the words are found through inverted postings (`postTerms`) instead of a
 * multi-entry index on `postWords` (5× the cost of writing the posts). The old words rows
 * go, and every post waits in the indexing queue: the engine indexes them after its next
 * run, and search reads their text meanwhile.
 */
async function dropWordsForPostings(tx: Transaction): Promise<void> {
  await tx.table('postWords').clear();
  await queueAllInUpgrade(tx, postsSearch);
}

/** The rows' contracts: loaded by the sync worker, not by the screens (see SyncedEntity). */
const contract = () => import('../../../contract/posts');

export const postsData = defineDataModule({
  name: 'posts',
  versions: {
    1: {
      stores: {
        posts: 'id, published_at, [category_id+published_at], *_words',
        categories: 'id, slug, position',
        viewedPosts: 'post_id',
      },
    },
    2: {
      stores: {
        posts: 'id, published_at, [category_id+published_at]',
        postWords: 'id, *words',
      },
      upgrade: moveWordsOut,
    },
    3: {
      stores: { postStats: 'id' },
      upgrade: flagQueuedViews,
    },
    4: {
      stores: { postWords: 'id', postTerms: '[word+group]' },
      upgrade: dropWordsForPostings,
    },
    // Kept news categories and the attachments kept with them (keptNews.ts).
    10: { stores: { keptNewsCategories: 'id', keptPostFiles: 'id, post_id, category_id' } },
  },
  entities: {
    // Search words are not derived here: the engine stores them with each pulled page (postsSearch).
    // Shape 2: rows carry their attachments (older apps dropped the field).
    posts: { table: 'posts', shape: 2, toLocal: parsedBy(() => contract().then((c) => c.post)) },
    // Shape 2: rows carry `archived` (docs/features/structure.md).
    categories: { table: 'categories', shape: 2, toLocal: parsedBy(() => contract().then((c) => c.category)) },
    postStats: { table: 'postStats', toLocal: parsedBy(() => contract().then((c) => c.postStats)) },
  },
  search: [postsSearch],
  // Reading a post is not the reader's change (docs/sync.md, "Views are not changes").
  backgroundMutations: ['posts.view'],
});
