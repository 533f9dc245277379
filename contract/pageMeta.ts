/** Open Graph wants `es_MX`, not `es-MX` (`es` stays `es`). Shared by the client and the server's HTML. */
export function ogLocale(locale: string): string {
  return locale.replace('-', '_');
}
