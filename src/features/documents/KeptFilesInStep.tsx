import { useKeptCategoriesInStep } from './useKeptCategoriesInStep';

/** Keeps the kept categories' files in step while mounted (in DocumentsBackground). */
export function KeptFilesInStep() {
  useKeptCategoriesInStep();
  return null;
}
