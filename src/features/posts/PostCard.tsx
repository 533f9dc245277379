import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { LocalPost } from './postsDb';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { excerpt } from './postText';
import { PostMeta } from './PostMeta';

export interface PostCardProps {
  post: LocalPost;
  categoryName: string | undefined;
  syncState: ItemSyncState | null | undefined;
  headingLevel?: 2 | 3;
}

/**
 * One post in a list: title (the link), excerpt as plain text, meta and its sync state. The
 * title and the excerpt take the direction of what was written (an English post in the
 * Arabic interface reads left to right); the meta stays in the interface's.
 */
export function PostCard({ post, categoryName, syncState, headingLevel = 2 }: PostCardProps) {
  const text = useMemo(() => excerpt(post.content), [post.content]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card post-card">
      <div className="post-card-head">
        <Heading className="post-card-title" dir="auto">
          <Link to={`/blog/post/${post.id}`} className="post-card-link">
            {post.title}
          </Link>
        </Heading>
        <SyncStateBadge state={syncState} />
      </div>
      {text ? <p className="post-card-excerpt" dir="auto">{text}</p> : null}
      <PostMeta post={post} categoryName={categoryName} />
    </article>
  );
}
