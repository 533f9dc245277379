import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { CardPreview } from './CardPreview';
import { brandOf, checkCard, formatCardNumber, formatExpiry, type CardBrand, type CardField, type CardInput, type CardProblem } from './cardChecks';
import './cardEntry.css';

/** A card as entered, checked: what a payment integration would hand to its provider's SDK. */
export interface EnteredCard extends CardInput {
  brand: CardBrand | null;
}

export interface CardEntryProps {
  /** Called with a card that passed every check; the form keeps nothing once it returns. */
  onValid: (card: EnteredCard) => void;
  submitLabel: ReactNode;
}

const empty: CardInput = { holder: '', number: '', expiry: '', cvc: '' };
const order: readonly CardField[] = ['holder', 'number', 'expiry', 'cvc'];

const problemTexts = {
  holderRequired: msg`Enter the name as it appears on the card.`,
  numberRequired: msg`Enter the card number.`,
  numberIncomplete: msg`The card number is incomplete.`,
  numberInvalid: msg`This card number is not valid. Check it against the card.`,
  expiryRequired: msg`Enter the expiry date.`,
  expiryInvalid: msg`Enter the expiry date as MM/YY.`,
  expiryPast: msg`This card has expired, or the date is too far ahead.`,
  cvcRequired: msg`Enter the security code.`,
} as const;

/**
 * Card entry (the original app's holder, number, expiration, security code), for a future payment
 * integration: a live preview, the number grouped as its brand prints it, Luhn and brand
 * checks, an expiry in the future, the security code's length by brand, the browser's
 * `cc-*` autofill, and errors tied to their fields (shown on leaving a field, all at once on
 * submit, focus on the first). The values live in this component's state only: never stored,
 * logged, synced or sent; `onValid` decides what happens to a valid card.
 */
export function CardEntry({ onValid, submitLabel }: CardEntryProps) {
  const { t, i18n } = useLingui();
  const [card, setCard] = useState<CardInput>(empty);
  const [shown, setShown] = useState<ReadonlySet<CardField>>(new Set());
  const fields = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const brand = brandOf(card.number);
  const problems = checkCard(card);

  const textOf = (problem: CardProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    if (problem === 'cvcLength') {
      const size = brand?.code.size ?? 3;
      return t`The security code has ${size} digits on this card.`;
    }
    return i18n._(problemTexts[problem]);
  };
  const errorOf = (field: CardField) => (shown.has(field) ? textOf(problems[field]) : undefined);
  const show = (field: CardField) => setShown((before) => new Set(before).add(field));
  const set = (field: CardField, value: string) => setCard((before) => ({ ...before, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(new Set(order));
    const first = order.find((field) => problems[field]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    onValid({ ...card, brand });
    setCard(empty);
    setShown(new Set());
  };

  const codeName = brand?.code.name ?? 'CVC';
  const brandName = brand?.name;
  return (
    <div className="card-entry">
      <CardPreview holder={card.holder} number={card.number} expiry={card.expiry} brand={brand} />
      <form className="card-entry-form" onSubmit={submit} noValidate autoComplete="on">
        <TextField
          ref={(input) => void (fields.current.holder = input)}
          label={t`Name on the card`}
          name="cc-name"
          autoComplete="cc-name"
          valueDir="auto"
          value={card.holder}
          onChange={(event) => set('holder', event.target.value)}
          onBlur={() => show('holder')}
          error={errorOf('holder')}
        />
        <TextField
          ref={(input) => void (fields.current.number = input)}
          label={t`Card number`}
          name="cc-number"
          autoComplete="cc-number"
          inputMode="numeric"
          valueDir="ltr"
          value={card.number}
          onChange={(event) => set('number', formatCardNumber(event.target.value))}
          onBlur={() => show('number')}
          error={errorOf('number')}
          hint={brandName ? <Trans>Card brand: {brandName}</Trans> : undefined}
        />
        <div className="card-entry-row">
          <TextField
            ref={(input) => void (fields.current.expiry = input)}
            label={t`Expiry date (MM/YY)`}
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            valueDir="ltr"
            placeholder={t`MM/YY`}
            value={card.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.target.value, card.expiry))}
            onBlur={() => show('expiry')}
            error={errorOf('expiry')}
          />
          <TextField
            ref={(input) => void (fields.current.cvc = input)}
            label={t`Security code (${codeName})`}
            name="cc-csc"
            autoComplete="cc-csc"
            inputMode="numeric"
            valueDir="ltr"
            maxLength={4}
            value={card.cvc}
            onChange={(event) => set('cvc', event.target.value.replace(/\D/g, ''))}
            onBlur={() => show('cvc')}
            error={errorOf('cvc')}
          />
        </div>
        {/* Pressing the button must not blur the field first: the field's error would appear,
            push the button down, and the release would miss it (no click, no submit). */}
        <Button type="submit" onMouseDown={(event) => event.preventDefault()}>
          {submitLabel}
        </Button>
      </form>
    </div>
  );
}
