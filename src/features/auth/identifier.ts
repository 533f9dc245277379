/**
 * The login takes one identifier: an email, or a rut (digits, dots, dash, maybe a final K).
 * Which one is decided by its shape, so people type whatever they know.
 */
export function looksLikeRut(identifier: string): boolean {
  const value = identifier.trim();
  return /\d/.test(value) && /^[\d.\-\s]+[kK]?$/.test(value);
}

export function credentialsOf(identifier: string): { email: string } | { rut: string } {
  const value = identifier.trim();
  return looksLikeRut(value) ? { rut: value } : { email: value };
}
