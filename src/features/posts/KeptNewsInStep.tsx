import { useKeptNewsInStep } from './useKeptNewsInStep';

/** The posts' background work (UiModule.background): the kept news categories' files kept in step. */
export function KeptNewsInStep() {
  useKeptNewsInStep();
  return null;
}
