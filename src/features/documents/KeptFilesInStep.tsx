import { useKeptCategoriesInStep } from './useKeptCategoriesInStep';

/** The documents' background part (UiModule.background): keeps the kept categories' files in step. */
export function KeptFilesInStep() {
  useKeptCategoriesInStep();
  return null;
}
