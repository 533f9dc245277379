/**
 * The Chilean national ID (rut): a body of up to 8 digits and a modulo-11 check digit
 * (0–9 or K), written `12.345.678-5`. People type it with or without dots and dash.
 */

/** Strips dots, dashes and spaces and upper-cases the K: `12.345.678-k` → `12345678K`. */
export function compactRut(input: string): string {
  return input.replace(/[.\-\s]/g, '').toUpperCase();
}

/** The check digit of a rut body made of digits only. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

/** The canonical stored form `12345678-5`, or null when the input is not a valid rut. */
export function normalizeRut(input: string): string | null {
  const compact = compactRut(input);
  const match = /^(\d{1,8})([\dK])$/.exec(compact);
  if (!match) return null;
  const body = match[1]!.replace(/^0+/, '');
  const digit = match[2]!;
  if (body.length < 6) return null;
  if (rutCheckDigit(body) !== digit) return null;
  return `${body}-${digit}`;
}

export function isValidRut(input: string): boolean {
  return normalizeRut(input) !== null;
}

/** The display form `12.345.678-5`, or the input unchanged when it is not a valid rut. */
export function formatRut(input: string): string {
  const normal = normalizeRut(input);
  if (!normal) return input;
  const [body, digit] = normal.split('-') as [string, string];
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${digit}`;
}
