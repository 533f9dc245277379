import { BillingScreen } from './BillingScreen';

/** `/admin/billing`: one small chunk with the card checks (card-validator) in it. */
export const billingRoute = { Component: BillingScreen };
