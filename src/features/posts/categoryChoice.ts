import type { Category } from '../../../contract/posts';

/**
 * The categories the post form offers: not archived (docs/features/structure.md), except the one the post
 * has, so editing an old post keeps its category.
 */
export function offeredCategories<T extends Pick<Category, 'id' | 'archived'>>(categories: readonly T[], current: string): T[] {
  return categories.filter((category) => category.archived !== true || category.id === current);
}
