import { Trans, useLingui } from '@lingui/react/macro';
import type { CardBrand } from './cardChecks';

export interface CardPreviewProps {
  holder: string;
  number: string;
  expiry: string;
  brand: CardBrand | null;
}

/** The number as the brand groups it, the digits not typed yet as dots (`4242 42•• •••• ••••`). */
function previewNumber(number: string, brand: CardBrand | null): string {
  const digits = number.replace(/\D/g, '');
  // The brand's shortest length that fits what is typed (Visa: 16, not its rare 19).
  const length = [...(brand?.lengths ?? [16])].sort((a, b) => a - b).find((n) => n >= digits.length) ?? digits.length;
  const gaps = brand?.gaps ?? [4, 8, 12];
  let out = '';
  for (let i = 0; i < length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digits[i] ?? '•';
  }
  return out;
}

/**
 * The card as it is typed, drawn like a card: brand, number, holder, expiry. A picture of
 * the fields beside it, so hidden from assistive technology (the fields say it all).
 */
export function CardPreview({ holder, number, expiry, brand }: CardPreviewProps) {
  const { t } = useLingui();
  return (
    <div className="card-preview" data-brand={brand?.id ?? 'unknown'} aria-hidden="true">
      <div className="card-preview-top">
        <span className="card-preview-chip" />
        <span className="card-preview-brand">{brand?.name ?? ''}</span>
      </div>
      <div className="card-preview-number" dir="ltr">
        {previewNumber(number, brand)}
      </div>
      <div className="card-preview-bottom">
        <span className="card-preview-holder" dir="auto">
          {holder.trim() || <Trans>Name on the card</Trans>}
        </span>
        <span className="card-preview-expiry" dir="ltr">
          {expiry || t`MM/YY`}
        </span>
      </div>
    </div>
  );
}
