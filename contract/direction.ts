/** Languages written right to left (the original app's list); every other language is left to right. */
export const rtlLanguages = ['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi'] as const;

/** `ar`, `ar-EG`, `fa_IR` → `rtl`; anything else → `ltr`. */
export function textDirection(locale: string): 'rtl' | 'ltr' {
  const language = locale.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (rtlLanguages as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}
