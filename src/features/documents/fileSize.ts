const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A size as people read it on their phone (decimal units, as Android and macOS count):
 * "820 kB", "4.3 MB", in the reader's language and digits.
 */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit > 0 && value < 10 ? 1 : 0 }).format(value);
}
