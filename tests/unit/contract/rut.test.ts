import { describe, expect, it } from 'vitest';
import { compactRut, formatRut, isValidRut, normalizeRut, rutCheckDigit } from '../../../contract/rut';

describe('rut', () => {
  it('computes the modulo-11 check digit, including 0 and K', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
  });

  it('accepts a rut written with dots and dash, without them, or with a lower-case k', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('12345678-5')).toBe('12345678-5');
    expect(normalizeRut('123456785')).toBe('12345678-5');
    expect(normalizeRut(' 10.000.013-k ')).toBe('10000013-K');
  });

  it('refuses a wrong check digit, letters, and too short bodies', () => {
    expect(isValidRut('12.345.678-4')).toBe(false);
    expect(isValidRut('12.345.67A-5')).toBe(false);
    expect(isValidRut('1-9')).toBe(false);
    expect(isValidRut('')).toBe(false);
    expect(isValidRut('123.456.789-0')).toBe(false);
  });

  it('formats the display form with thousands dots', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('7654321-6')).toBe('7.654.321-6');
    expect(formatRut('not a rut')).toBe('not a rut');
    expect(compactRut('12.345.678-k')).toBe('12345678K');
  });
});
