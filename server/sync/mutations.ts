import { postMutationHandlers } from '../posts/postMutations';
import type { MutationHandler } from './mutation';

/** Every mutation a device may push, by name (contract/posts.ts `postMutations`, …). */
export const mutationHandlers: ReadonlyMap<string, MutationHandler> = new Map(postMutationHandlers.map((h) => [h.name, h]));
