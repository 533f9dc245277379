import cardValidator from 'card-validator';

/**
 * The checks of a payment card as a person types it (the original app's "card entry display"), with
 * Braintree's `card-validator` (Luhn, the brands' number ranges, lengths and security-code
 * sizes, expiry dates): a kept library rather than tables of our own that go stale when a
 * brand adds a range. Pure functions: the form (CardEntry.tsx) keeps the values in memory
 * only, and nothing here stores or sends them.
 */

export type CardField = 'holder' | 'number' | 'expiry' | 'cvc';

export interface CardInput {
  holder: string;
  number: string;
  /** As typed: `MM/YY` (spaces and a missing slash are fine). */
  expiry: string;
  cvc: string;
}

export interface CardBrand {
  /** `visa`, `mastercard`, `american-express`… (credit-card-type's ids). */
  id: string;
  /** `Visa`, `Mastercard`, `American Express`… (brand names are not translated). */
  name: string;
  /** Where the number's groups end (`[4, 8, 12]`; American Express `[4, 10]`). */
  gaps: readonly number[];
  lengths: readonly number[];
  /** The security code's name on this brand's cards (`CVV`, `CVC`, `CID`) and its digits. */
  code: { name: string; size: number };
}

export type CardProblem =
  'holderRequired' | 'numberRequired' | 'numberIncomplete' | 'numberInvalid' | 'expiryRequired' | 'expiryInvalid' | 'expiryPast' | 'cvcRequired' | 'cvcLength';

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** The longest number any brand issues. */
const maxDigits = 19;

/** The brand of a number from its first digits, once they say it (null before, or for an unknown range). */
export function brandOf(number: string): CardBrand | null {
  const card = cardValidator.number(digitsOf(number)).card;
  if (!card) return null;
  return { id: card.type, name: card.niceType, gaps: card.gaps, lengths: card.lengths, code: card.code };
}

/** The number in the brand's groups (`4242 4242 4242 4242`, `3782 822463 10005`), at most as long as the brand's longest. */
export function formatCardNumber(value: string): string {
  const brand = brandOf(value);
  const digits = digitsOf(value).slice(0, brand ? Math.max(...brand.lengths) : maxDigits);
  const gaps = brand?.gaps ?? [4, 8, 12, 16];
  let out = '';
  for (const [i, digit] of [...digits].entries()) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digit;
  }
  return out;
}

/** `0`→`0`, `1`→`1`, `12`→`12/`, `1228`→`12/28`, `3`→`03/` (no month starts with 3–9 but March to September). */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the slash deletes the month's last digit too, or the slash comes straight back.
  if (previous.endsWith('/') && value.length < previous.length) digits = digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** What is wrong with each field (none: the card may be charged, as far as a browser can tell). */
export function checkCard(input: CardInput): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  if (input.holder.trim() === '') problems.holder = 'holderRequired';

  const digits = digitsOf(input.number);
  const number = cardValidator.number(digits);
  if (digits === '') problems.number = 'numberRequired';
  // A length the brand issues that fails Luhn is a typo, even when longer numbers exist (Visa's 19).
  else if (!number.isValid) problems.number = number.isPotentiallyValid && !number.card?.lengths.includes(digits.length) ? 'numberIncomplete' : 'numberInvalid';

  const expiry = input.expiry.replace(/\s/g, '');
  if (expiry === '') problems.expiry = 'expiryRequired';
  else if (!/^\d{2}\/?\d{2}$/.test(expiry) || Number(expiry.slice(0, 2)) < 1 || Number(expiry.slice(0, 2)) > 12) problems.expiry = 'expiryInvalid';
  else if (!cardValidator.expirationDate(expiry).isValid) problems.expiry = 'expiryPast';

  const cvc = input.cvc.trim();
  const size = number.card?.code.size ?? 3;
  if (cvc === '') problems.cvc = 'cvcRequired';
  else if (!/^\d+$/.test(cvc) || !cardValidator.cvv(cvc, size).isValid) problems.cvc = 'cvcLength';
  return problems;
}
