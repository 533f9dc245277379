/**
 * A file's size for people: kB under a megabyte, MB with one decimal above, in the
 * interface's language. Binary units (1 MB = 1024 × 1024 bytes), as the size cap is set,
 * so a file at the cap reads "50 MB".
 */
export function formatBytes(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(megabytes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)));
}
