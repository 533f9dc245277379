import {
  createDocumentCategoryArgs,
  deleteDocumentArgs,
  deleteDocumentCategoryArgs,
  documentDownloadedArgs,
  updateDocumentCategoryArgs,
} from '../../contract/documents';
import { defineMutation } from '../sync/mutation';
import { createCategory, deleteCategory, deleteDocument, markDownloaded, updateCategory } from './documentService';

/** documents.* and documentCategories.* as pushed by devices (contract/documents.ts `documentMutations`). */
export const documentMutationHandlers = [
  defineMutation({
    name: 'documents.delete',
    permission: 'content.publish',
    args: deleteDocumentArgs,
    apply: (write, actor, args) => deleteDocument(write, actor, args),
  }),
  defineMutation({
    name: 'documents.downloaded',
    args: documentDownloadedArgs,
    apply: (write, actor, args) => markDownloaded(write, actor, args),
  }),
  defineMutation({
    name: 'documentCategories.create',
    permission: 'documents.categories.manage',
    args: createDocumentCategoryArgs,
    apply: async (write, actor, args) => void (await createCategory(write, actor, args)),
  }),
  defineMutation({
    name: 'documentCategories.update',
    permission: 'documents.categories.manage',
    args: updateDocumentCategoryArgs,
    apply: async (write, actor, args) => void (await updateCategory(write, actor, args)),
  }),
  defineMutation({
    name: 'documentCategories.delete',
    permission: 'documents.categories.manage',
    args: deleteDocumentCategoryArgs,
    apply: (write, actor, args) => deleteCategory(write, actor, args),
  }),
];
