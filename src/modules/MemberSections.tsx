import { useEffect, useState, type ComponentType } from 'react';
import type { MemberSectionProps } from './uiModule';
import { useUiModules } from './UiModules';

/**
 * The features' parts of an administrator's member screen (UiModule.member), loaded when
 * the screen opens; a part that cannot load is left out (and logged), the others shown.
 */
export function MemberSections(props: MemberSectionProps) {
  const modules = useUiModules();
  const [parts, setParts] = useState<readonly ComponentType<MemberSectionProps>[]>([]);
  useEffect(() => {
    let live = true;
    const sections = modules.flatMap((module) => module.member ?? []).sort((a, b) => a.order - b.order);
    void Promise.all(
      sections.map((section) =>
        section.load().catch((error: unknown) => {
          console.error(error);
          return null;
        }),
      ),
    ).then((loaded) => {
      if (live) setParts(loaded.filter((part): part is ComponentType<MemberSectionProps> => part !== null));
    });
    return () => {
      live = false;
    };
  }, [modules]);
  return (
    <>
      {parts.map((Part, i) => (
        <Part key={i} {...props} />
      ))}
    </>
  );
}
