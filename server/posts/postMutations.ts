import { archiveCategoryArgs, categoryArgs, createPostArgs, deletePostArgs, reorderCategoriesArgs, updatePostArgs, viewPostArgs } from '../../contract/posts';
import { archiveCategory, createCategory, renameCategory, reorderCategories } from './categoryService';
import { defineMutation } from '../sync/mutation';
import { createPost, deletePost, updatePost, viewPost } from './postService';

/** posts.* and categories.* as pushed by devices (contract/posts.ts `postMutations`). */
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
  // Categories, from the administrators' structure screen (docs/features/structure.md).
  defineMutation({ name: 'categories.create', permission: 'structure.manage', args: categoryArgs, apply: createCategory }),
  defineMutation({ name: 'categories.update', permission: 'structure.manage', args: categoryArgs, apply: renameCategory }),
  defineMutation({ name: 'categories.reorder', permission: 'structure.manage', args: reorderCategoriesArgs, apply: reorderCategories }),
  defineMutation({ name: 'categories.archive', permission: 'structure.manage', args: archiveCategoryArgs, apply: archiveCategory }),
];
