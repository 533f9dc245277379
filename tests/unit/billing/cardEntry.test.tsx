import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardEntry, type EnteredCard } from '../../../src/ui/cardEntry/CardEntry';
import { brandOf, checkCard, formatCardNumber, formatExpiry } from '../../../src/ui/cardEntry/cardChecks';

/** An expiry `months` from now as typed on a card (`MM/YY`). */
function expiryIn(months: number): string {
  const date = new Date();
  date.setDate(1);
  date.setMonth(date.getMonth() + months);
  return `${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getFullYear() % 100).padStart(2, '0')}`;
}

const valid = { holder: 'Ana Pérez', number: '4242 4242 4242 4242', expiry: expiryIn(12), cvc: '123' };

describe('the card checks', () => {
  it('finds the brand from the first digits and groups the number as the brand prints it', () => {
    expect(brandOf('4242')?.name).toBe('Visa');
    expect(brandOf('5555 5555')?.name).toBe('Mastercard');
    expect(brandOf('3782')?.name).toBe('American Express');
    expect(brandOf('70')).toBeNull();
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    // Nothing past the brand's longest number, and only digits.
    expect(formatCardNumber('3782-8224-6310-0059-99')).toBe('3782 822463 10005');
  });

  it('accepts a valid card, and refuses a failed Luhn check, a short number, a past or impossible expiry', () => {
    expect(checkCard(valid)).toEqual({});
    expect(checkCard({ ...valid, number: '4242 4242 4242 4241' }).number).toBe('numberInvalid');
    expect(checkCard({ ...valid, number: '4242 4242' }).number).toBe('numberIncomplete');
    expect(checkCard({ ...valid, number: '' }).number).toBe('numberRequired');
    expect(checkCard({ ...valid, expiry: expiryIn(-1) }).expiry).toBe('expiryPast');
    expect(checkCard({ ...valid, expiry: '13/30' }).expiry).toBe('expiryInvalid');
    expect(checkCard({ ...valid, expiry: '' }).expiry).toBe('expiryRequired');
    expect(checkCard({ ...valid, expiry: expiryIn(0) }).expiry).toBeUndefined();
  });

  it('asks for the security code’s length of the brand: four digits on American Express, three on the others', () => {
    const amex = { ...valid, number: '3782 822463 10005' };
    expect(checkCard({ ...amex, cvc: '123' }).cvc).toBe('cvcLength');
    expect(checkCard({ ...amex, cvc: '1234' }).cvc).toBeUndefined();
    expect(checkCard({ ...valid, cvc: '1234' }).cvc).toBe('cvcLength');
    expect(checkCard({ ...valid, cvc: '' }).cvc).toBe('cvcRequired');
  });

  it('writes the slash of the expiry for the person typing it', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('3')).toBe('03/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12', '12/')).toBe('1');
  });
});

function renderForm() {
  const onValid = vi.fn<(card: EnteredCard) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <CardEntry onValid={onValid} submitLabel="Check the card" />
    </I18nProvider>,
  );
  return onValid;
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the card form', () => {
  it('offers the browser’s card autofill and a numeric keyboard', () => {
    renderForm();
    expect(field('Name on the card').autocomplete).toBe('cc-name');
    expect(field('Card number').autocomplete).toBe('cc-number');
    expect(field('Card number').inputMode).toBe('numeric');
    expect(field('Expiry date (MM/YY)').autocomplete).toBe('cc-exp');
    expect(field(/^Security code/).autocomplete).toBe('cc-csc');
  });

  it('shows every error tied to its field on submit, focuses the first, and hands over nothing', () => {
    const onValid = renderForm();
    type('Card number', '4242 4242 4242 4241');
    fireEvent.click(screen.getByRole('button', { name: 'Check the card' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(field('Name on the card').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name on the card'));
    const numberError = document.getElementById(field('Card number').getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(numberError?.textContent).toBe('This card number is not valid. Check it against the card.');
    expect(screen.getByText('Enter the expiry date.')).toBeTruthy();
    expect(screen.getByText('Enter the security code.')).toBeTruthy();
  });

  it('names the brand and its code as the number is typed, and previews the card', () => {
    renderForm();
    type('Card number', '378282246310005');
    expect(field('Card number').value).toBe('3782 822463 10005');
    expect(screen.getByText('Card brand: American Express')).toBeTruthy();
    expect(field('Security code (CID)')).toBeTruthy();
    expect(document.querySelector('.card-preview-number')?.textContent).toBe('3782 822463 10005');
  });

  it('hands a valid card over once, then forgets it', () => {
    const onValid = renderForm();
    type('Name on the card', valid.holder);
    type('Card number', valid.number);
    type('Expiry date (MM/YY)', valid.expiry.replace('/', ''));
    type(/^Security code/, valid.cvc);
    fireEvent.click(screen.getByRole('button', { name: 'Check the card' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]![0]).toMatchObject({ holder: valid.holder, number: valid.number, expiry: valid.expiry, cvc: '123', brand: { name: 'Visa' } });
    expect(field('Card number').value).toBe('');
    expect(field(/^Security code/).value).toBe('');
  });
});
