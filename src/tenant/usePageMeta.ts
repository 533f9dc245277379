import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { applyPageMeta } from './pageMeta';
import { useCollege } from './tenantStore';

/** Sets the tab title and the description / Open Graph tags for the current screen. */
export function usePageMeta(screenTitle?: string): void {
  const college = useCollege();
  const { t, i18n } = useLingui();
  const title = college.name;
  const description = t`${title} management application`;
  useEffect(() => {
    applyPageMeta({
      appTitle: title,
      screenTitle,
      description,
      image: college.image,
      locale: i18n.locale,
      url: location.href,
    });
  }, [title, screenTitle, description, college.image, i18n.locale]);
}
