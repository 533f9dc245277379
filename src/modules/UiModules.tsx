import { createContext, useContext } from 'react';
import type { UiModule } from './uiModule';

const UiModulesContext = createContext<readonly UiModule[]>([]);

/** The app hands the feature list (src/registry/uiModules.ts) to core screens such as the outbox. */
export const UiModulesProvider = UiModulesContext.Provider;

export function useUiModules(): readonly UiModule[] {
  return useContext(UiModulesContext);
}
