import './posts.css';
import { PostDetailScreen } from './PostDetailScreen';
import { loadPostPage } from './postPagePrefetch';
import { PostListScreen } from './PostListScreen';

/**
 * The reading screens of the news (the original app's `/blog/all`, `/blog/post/:post`), in one chunk:
 * what a teacher opens every day. The writing screens (the editor, the form's contract and
 * zod) are in writeRoutes.ts, loaded when someone writes.
 */
// The loader reads the page ahead, so the screen draws once with its cards (postPagePrefetch.ts).
export const listRoute = { Component: PostListScreen, loader: loadPostPage };
export const detailRoute = { Component: PostDetailScreen };
