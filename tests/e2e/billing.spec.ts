import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The card entry display (docs/features/billing.md): an administrator types a card on the billing page; the
 * errors are the card's, and whatever is typed, valid or not, no request carries it and
 * nothing of it is stored by the page.
 */

const number = '4242 4242 4242 4242';
const digits = number.replace(/ /g, '');
const holder = 'Patricia Fuentes Rojas';
const cvc = '737';

/** Every request the page makes from now on, with whatever it carries. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    seen.push([request.url(), JSON.stringify(request.headers()), request.postData() ?? ''].join('\n'));
  });
  return seen;
}

function expiryNextYear(): string {
  const next = new Date();
  return `${String(next.getMonth() + 1).padStart(2, '0')}${String((next.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

test('an administrator checks a card on the billing page: clear errors, and the card never leaves the browser', async ({ page, signIn }) => {
  await signIn.as('admin@colinas.test', 'Patricia');
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('link', { name: /^Billing/ }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('what you type here is never sent, stored, logged or synced')).toBeVisible();
  const requests = recordRequests(page);

  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Check the card' }).click();
  await expect(page.getByLabel('Name on the card')).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('This card number is not valid. Check it against the card. Card brand: Visa');
  await expect(page.getByLabel('Expiry date (MM/YY)')).toHaveAccessibleDescription('Enter the expiry date.');

  await page.getByLabel('Name on the card').fill(holder);
  await page.getByLabel('Card number').fill(digits);
  await expect(page.getByLabel('Card number')).toHaveValue(number);
  await expect(page.getByText('Card brand: Visa')).toBeVisible();
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially(expiryNextYear());
  await page.getByLabel('Security code (CVV)').fill(cvc);
  await page.getByRole('button', { name: 'Check the card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The Visa card ending in 4242 is valid.' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('');

  // Whatever the page did meanwhile (a sync, a poke), none of it carried the card.
  for (const request of requests) {
    expect(request).not.toContain(digits);
    expect(request).not.toContain('4242 4242');
    expect(request).not.toContain(holder);
  }
  const stored = await page.evaluate(async () => {
    const local = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    const dbs = await indexedDB.databases();
    return { local, dbs: dbs.map((db) => db.name ?? '') };
  });
  expect(stored.local).not.toContain(digits);
  expect(stored.local).not.toContain(cvc + '"');
});

test('the billing page is for administrators only', async ({ page, signIn }) => {
  await signIn.as('guardian@colinas.test', 'Luis');
  await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await page.goto('/admin/billing');
  await expect(page.getByRole('heading', { name: 'This page is for administrators.', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});
