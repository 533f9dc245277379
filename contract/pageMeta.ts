/** Open Graph wants `es_MX`, not `es-MX` (`es` stays `es`). Shared by the client and the server's HTML. */
export function ogLocale(locale: string): string {
  return locale.replace('-', '_');
}

/**
 * The id of the `<script type="application/json">` element in which the server writes the
 * college's public record into the page it sends (server/colleges/collegePage.ts), and from
 * which the app starts (src/tenant/embeddedCollege.ts).
 */
export const embeddedCollegeId = 'patio-college';
