import './posts.css';
import { EditPostScreen } from './EditPostScreen';
import { NewPostScreen } from './NewPostScreen';
import { PostDetailScreen } from './PostDetailScreen';
import { PostListScreen } from './PostListScreen';

/** The posts screens (spec §2 `/blog/...`), loaded together: one chunk for the news. */
export const listRoute = { Component: PostListScreen };
export const newPostRoute = { Component: NewPostScreen };
export const detailRoute = { Component: PostDetailScreen };
export const editRoute = { Component: EditPostScreen };
