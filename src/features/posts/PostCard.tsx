import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { coverOf } from '../../../contract/attachmentFiles';
import type { LocalPost } from './postsDb';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { excerpt } from './postText';
import { PostCover } from './PostCover';
import { PostMeta } from './PostMeta';

export interface PostCardProps {
  post: LocalPost;
  categoryName: string | undefined;
  syncState: ItemSyncState | null | undefined;
  headingLevel?: 2 | 3;
}

/**
 * One post in a list: its cover (the first image), title (the link), excerpt as plain text,
 * meta and its sync state. The
 * title and the excerpt take the direction of what was written (an English post in the
 * Arabic interface reads left to right); the meta stays in the interface's.
 */
export const PostCard = memo(PostCardView, sameCard);

/**
 * A list re-read after any change to the posts or the sync state brings new row objects with
 * the same contents; a card is drawn again only when something it shows changed.
 */
function sameCard(a: PostCardProps, b: PostCardProps): boolean {
  return (
    a.categoryName === b.categoryName &&
    a.syncState === b.syncState &&
    a.headingLevel === b.headingLevel &&
    shownFields.every((field) => a.post[field] === b.post[field]) &&
    // An attachment never changes: its id says which picture the card shows.
    coverOf(a.post.attachments)?.id === coverOf(b.post.attachments)?.id
  );
}

const shownFields = ['id', 'title', 'content', 'published_at', 'author_name', 'views'] as const satisfies readonly (keyof LocalPost)[];

function PostCardView({ post, categoryName, syncState, headingLevel = 2 }: PostCardProps) {
  const text = useMemo(() => excerpt(post.content), [post.content]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cover = coverOf(post.attachments);
  return (
    <article className={cover ? 'card post-card has-cover' : 'card post-card'}>
      {cover ? <PostCover cover={cover} /> : null}
      <div className="post-card-head">
        <Heading className="post-card-title" dir="auto">
          <Link to={`/blog/post/${post.id}`} className="post-card-link">
            {post.title}
          </Link>
        </Heading>
        <SyncStateBadge state={syncState} />
      </div>
      {text ? (
        <p className="post-card-excerpt" dir="auto">
          {text}
        </p>
      ) : null}
      <PostMeta post={post} categoryName={categoryName} />
    </article>
  );
}
