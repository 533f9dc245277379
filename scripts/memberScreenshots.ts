/**
 * Screenshots of the members' screens (docs/features/members.md), for looking at their design: the list
 * (pending sign-ups, no-PIN warnings), a member waiting for approval, the form of a
 * guardian with a child, and an import preview with errors; on a phone (390×844) and a
 * desktop (1280×800), light and dark, in Spanish and in Arabic (right to left): four
 * combinations that cover each once per screen (16 pictures). Builds the app when dist/ is
 * missing, serves it with the real server on a fresh demo database, signs in as the
 * administrator and saves `docs/screenshots/issue-11/members-<screen>-<device>-<theme>-<locale>.png`.
 *
 *   node --import tsx scripts/memberScreenshots.ts     (SHOTS_ONLY=phone-dark for some)
 *
 * The server it starts is stopped by its pid at the end, also when a step fails.
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterFirstSync, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = 8625;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/member-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-11');
const email = 'admin@colinas.test';
const password = 'patio-demo-2026';
const shot = windowShots(outDir);
const combos: Combo[] = [
  { device: 'phone', theme: 'light', locale: 'es' },
  { device: 'phone', theme: 'dark', locale: 'ar' },
  { device: 'desktop', theme: 'dark', locale: 'es' },
  { device: 'desktop', theme: 'light', locale: 'ar' },
];

const csv = `Nombre;Apellido paterno;Correo;RUT;Rol;Curso
Julieta;Araya;julieta.araya@familias.test;20.000.007-2;alumno;1° Básico A
Elena;Mora;elena.mora@familias.test;12.345.678-9;alumno;1° Básico A
Pablo;Mora;student@colinas.test;20.000.014-5;alumno;1° Básico B
Lucía;Mora;lucia.mora@familias.test;20.000.021-8;alumno;9° Básico Z
`;

async function memberId(token: string, q: string): Promise<string> {
  const reply = await fetch(`${origin}/api/v1/admin/members?q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await reply.json()) as { data: { id: string }[] };
  if (!body.data[0]) throw new Error(`no member ${q}`);
  return body.data[0].id;
}

async function memberScreens(browser: Browser, combo: Combo, ids: { pending: string; guardian: string }): Promise<void> {
  const context = await newContext(browser, combo);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, email, password);
    await afterFirstSync(page);

    await page.goto(`${origin}/users?sort=newest`);
    await page.locator('.member-list .member-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'members-list', combo);

    await page.goto(`${origin}/users/${ids.pending}`);
    await page.locator('.member-detail .member-facts').waitFor({ timeout: waitLong });
    await shot(page, 'members-detail', combo);

    await page.goto(`${origin}/users/${ids.guardian}/edit`);
    await page.locator('.member-form .member-chip').first().waitFor({ timeout: waitLong });
    await shot(page, 'members-form', combo);

    await page.goto(`${origin}/users/import`);
    await page.locator('.member-import input[type="file"]').setInputFiles({ name: 'familias-2027.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.locator('.import-table').waitFor({ timeout: waitLong });
    await shot(page, 'members-import', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, async (browser) => {
  const login = await fetch(`${origin}/api/login-mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { token } = (await login.json()) as { token: string };
  const ids = { pending: await memberId(token, 'fernanda.munoz'), guardian: await memberId(token, 'josefa.herrera') };
  const only = process.env.SHOTS_ONLY?.split(',');
  for (const combo of combos) {
    if (only && !only.some((part) => `${combo.device}-${combo.theme}-${combo.locale}`.includes(part))) continue;
    console.log(`${combo.device} ${combo.theme} ${combo.locale}`);
    await memberScreens(browser, combo, ids);
  }
});
