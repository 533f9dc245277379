import { ogLocale } from '../../contract/pageMeta';
import { setMeta } from './branding';

export interface PageMeta {
  /** The college's name: the app title. */
  appTitle: string;
  /** The screen's own title, shown before the app title in the tab. */
  screenTitle?: string;
  description: string;
  image: string;
  locale: string;
  url: string;
}

export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.screenTitle ? `${meta.screenTitle} · ${meta.appTitle}` : meta.appTitle;
  setMeta('meta[name="description"]', 'name', 'description', meta.description);
  setMeta('meta[property="og:title"]', 'property', 'og:title', meta.appTitle);
  setMeta('meta[property="og:description"]', 'property', 'og:description', meta.description);
  setMeta('meta[property="og:image"]', 'property', 'og:image', new URL(meta.image, meta.url).href);
  setMeta('meta[property="og:locale"]', 'property', 'og:locale', ogLocale(meta.locale));
  setMeta('meta[property="og:url"]', 'property', 'og:url', meta.url);
}
