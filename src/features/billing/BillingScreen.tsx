import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { CardEntry, type EnteredCard } from '../../ui/cardEntry/CardEntry';
import { BackTo } from '../../ui/ScreenStates';
import { LockIcon } from '../../ui/icons';
import { usePageMeta } from '../../tenant/usePageMeta';
import './billing.css';

/**
 * `/admin/billing` (administrators): the card entry of the original app ("card
 * entry display", docs/features/billing.md), where a payment integration will take the school's card. No payment
 * provider is connected yet, so a valid card is only confirmed on screen: nothing is sent,
 * stored, logged or synced, and the screen says so before anything is typed.
 */
function Checked({ brand, last4 }: { brand: string; last4: string }) {
  return (
    <Trans>
      The {brand} card ending in {last4} is valid. Nothing was sent: no payment provider is connected.
    </Trans>
  );
}

export function BillingScreen() {
  const { t } = useLingui();
  usePageMeta(t`Billing`);
  const [checked, setChecked] = useState<{ brand: string; last4: string } | null>(null);
  const { user } = useSession();
  const onValid = (card: EnteredCard) => setChecked({ brand: card.brand?.name ?? '', last4: card.number.replace(/\D/g, '').slice(-4) });
  if (!can(user?.role, 'admin.access'))
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>This page is for administrators.</Trans>
      </BackTo>
    );
  return (
    <div className="page billing-page">
      <header className="page-header">
        <h1>
          <Trans>Billing</Trans>
        </h1>
      </header>
      <p className="billing-privacy with-icon">
        <LockIcon width={20} height={20} />
        <span>
          <Trans>
            Card details stay in this browser. Patio is not connected to a payment provider yet: what you type here is never sent, stored, logged or synced.
          </Trans>
        </span>
      </p>
      <section className="card billing-card" aria-labelledby="billing-card-title">
        <h2 className="card-title" id="billing-card-title">
          <Trans>Payment card</Trans>
        </h2>
        <CardEntry onValid={onValid} submitLabel={<Trans>Check the card</Trans>} />
        <p className="billing-result" role="status">
          {checked ? <Checked brand={checked.brand} last4={checked.last4} /> : null}
        </p>
      </section>
    </div>
  );
}
