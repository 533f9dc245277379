import './posts.css';
import { EditPostScreen } from './EditPostScreen';
import { NewPostScreen } from './NewPostScreen';

/** The writing screens of the news (the original app's `/blog/new-post`, `/blog/post/:post/edit`). */
export const newPostRoute = { Component: NewPostScreen };
export const editRoute = { Component: EditPostScreen };
