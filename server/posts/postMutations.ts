import { createPostArgs, deletePostArgs, updatePostArgs, viewPostArgs } from '../../contract/posts';
import { defineMutation } from '../sync/mutation';
import { createPost, deletePost, updatePost, viewPost } from './postService';

/** posts.* as pushed by devices (contract/posts.ts `postMutations`). */
export const postMutationHandlers = [
  defineMutation({
    name: 'posts.create',
    permission: 'content.publish',
    args: createPostArgs,
    apply: async (write, actor, args) => void (await createPost(write, actor, args)),
  }),
  defineMutation({
    name: 'posts.update',
    permission: 'content.publish',
    args: updatePostArgs,
    apply: async (write, actor, args) => void (await updatePost(write, actor, args)),
  }),
  defineMutation({
    name: 'posts.delete',
    permission: 'content.publish',
    args: deletePostArgs,
    apply: (write, actor, args) => deletePost(write, actor, args),
  }),
  defineMutation({
    name: 'posts.view',
    args: viewPostArgs,
    apply: (write, actor, args) => viewPost(write, actor, args),
  }),
];
