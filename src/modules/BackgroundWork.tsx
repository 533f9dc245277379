import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../ui/whenIdle';
import type { UiModule } from './uiModule';

/**
 * The features' background work (UiModule.background), mounted inside the signed-in shell.
 * Loaded once the first screen is drawn and the page idle: none of it is on the way to the
 * first paint. A part that cannot load is left out (and logged); the rest runs.
 */
export function BackgroundWork({ modules }: { modules: readonly UiModule[] }) {
  const [parts, setParts] = useState<readonly ComponentType[]>([]);
  useEffect(() => {
    let live = true;
    const loads = modules.flatMap((module) => (module.background ? [module.background] : []));
    if (loads.length === 0) return;
    const cancel = whenIdle(() => {
      void Promise.all(
        loads.map((load) =>
          load().catch((error: unknown) => {
            console.error(error);
            return null;
          }),
        ),
      ).then((loaded) => {
        if (live) setParts(loaded.filter((part): part is ComponentType => part !== null));
      });
    }, 3000);
    return () => {
      live = false;
      cancel();
    };
  }, [modules]);
  return (
    <>
      {parts.map((Part, i) => (
        <Part key={i} />
      ))}
    </>
  );
}
