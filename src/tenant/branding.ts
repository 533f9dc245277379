import type { College } from '../../contract/college';
import { ensureContrast, readableTextOn } from '../theme/color';

const lightSurface = '#ffffff';
const darkSurface = '#171b21';

/**
 * The college's theme colour becomes CSS variables. Accents used for text and buttons are
 * derived per palette so they keep AA contrast whatever colour a school picked.
 */
export function brandVariables(themeColor: string): Record<string, string> {
  const accentLight = ensureContrast(themeColor, lightSurface, 4.5);
  const accentDark = ensureContrast(themeColor, darkSurface, 4.5);
  return {
    '--brand': themeColor,
    '--on-brand': readableTextOn(themeColor),
    '--accent-light': accentLight,
    '--on-accent-light': readableTextOn(accentLight),
    '--accent-dark': accentDark,
    '--on-accent-dark': readableTextOn(accentDark),
  };
}

export function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string): void {
  const element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (element) element.href = href;
}

export function applyBranding(college: College): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandVariables(college.setting.theme_color))) {
    root.style.setProperty(name, value);
  }
  setMeta('meta[name="theme-color"]', 'name', 'theme-color', college.setting.theme_color);
  setLink('apple-touch-icon', `/colleges/${college.slug}/apple-touch-icon.png`);
}
