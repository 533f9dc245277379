/**
 * Screenshots of the messenger (docs/features/messenger.md): the teacher's conversation list, a family's
 * chat in a group with a few messages, one of them refused ("Not sent: …", with "Try
 * again" and "Discard") and one waiting to be sent (offline), the new group form with two
 * people chosen, and the demo families' group's details as its admin (the demo teacher) sees them; on a phone (390×844) and
 * a desktop (1280×800), light and dark, in Spanish and in Arabic (right to left). Serves
 * the app with the real server on a fresh demo database and saves
 * `docs/screenshots/issue-13/messenger-<screen>-<device>-<theme>-<locale>.png`.
 *
 *   npm run screenshots:messenger      (SHOTS_ONLY=phone-dark for some;
 *                                       PATIO_SHOTS_PORT to move the server off 8213)
 *
 * The refused message is a real refusal: the guardian writes offline in a group where
 * everyone writes (made by another teacher for each picture), that teacher turns "members can reply" off (through the push endpoint,
 * as his device would), the guardian comes back online and the server refuses it; the
 * teacher opens the group again and the guardian writes one more, offline.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { uuidv7 } from '../contract/ids';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8213);
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/messenger-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-13');
const shot = windowShots(outDir);
const password = 'patio-demo-2026';

interface Member {
  token: string;
  id: string;
}

async function apiSignIn(email: string): Promise<Member> {
  const reply = await fetch(`${origin}/api/login-mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!reply.ok) throw new Error(`login-mobile answered ${reply.status}`);
  const body = (await reply.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/** One mutation through the push endpoint, as a device's outbox sends it. */
async function push(member: Member, name: string, args: unknown): Promise<void> {
  const reply = await fetch(`${origin}/api/v1/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ clientId: 'messenger-shots', mutations: [{ id: uuidv7(), name, args }] }),
  });
  const text = await reply.text();
  if (!reply.ok || !text.includes('"applied"')) throw new Error(`${name} answered ${reply.status}: ${text.slice(0, 300)}`);
}

/** The demo families' group of the demo teacher (server/messenger/seed.ts), which he administers. */
async function familiesGroup(member: Member): Promise<string> {
  const reply = await fetch(`${origin}/api/v1/messenger/conversations`, { headers: { authorization: `Bearer ${member.token}` } });
  const { data } = (await reply.json()) as { data: { id: string; name: string }[] };
  const found = data.find((row) => row.name.startsWith('Apoderados'));
  if (!found) throw new Error('the demo families group is missing');
  return found.id;
}

async function signedIn(browser: Browser, combo: Combo, email: string): Promise<Page> {
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  const page = await context.newPage();
  await page.goto(`${origin}/auth/login`);
  await submitSignIn(page, email, password);
  await afterFirstSync(page);
  return page;
}

async function messengerScreens(browser: Browser, combo: Combo): Promise<void> {
  // The chat's group is made by another teacher, so the demo teacher's list stays as the demo has it.
  const teacher = await apiSignIn('matias.silva@colinas.test');
  const guardian = await apiSignIn('guardian@colinas.test');
  // A group of its own for each picture: the refusal and the waiting message are this combination's.
  const group = {
    id: uuidv7(),
    name: 'Salida al museo — 4° Básico A',
    description: 'Coordinación de la salida del viernes: horarios, colación y autorizaciones.',
    members_can_reply: true,
  };
  await push(teacher, 'messenger.createGroup', { ...group, member_ids: [guardian.id] });
  await push(teacher, 'messenger.send', { id: uuidv7(), conversation_id: group.id, text: 'Buenos días. El viernes salimos a las 9:00 desde el colegio; volvemos a las 13:30.' });
  await push(guardian, 'messenger.send', { id: uuidv7(), conversation_id: group.id, text: '¿Hay que llevar la autorización impresa o basta con la agenda?' });
  await push(teacher, 'messenger.send', { id: uuidv7(), conversation_id: group.id, text: 'Impresa, por favor: https://example.org/autorizacion' });

  const family = await signedIn(browser, combo, 'guardian@colinas.test');
  try {
    await family.goto(`${origin}/messenger/${group.id}`);
    const box = family.locator('textarea[name="text"]');
    await box.waitFor({ timeout: waitLong });
    await family.context().setOffline(true);
    await box.fill('¿Puedo acompañar al curso como apoderado?');
    await box.press('Enter');
    await family.locator('.bubble-state-waiting').first().waitFor();
    await push(teacher, 'messenger.updateGroup', { ...group, members_can_reply: false });
    await family.context().setOffline(false);
    await family.locator('.bubble-failed').waitFor({ timeout: waitLong });
    await family.locator('.chat-read-only').waitFor({ timeout: waitLong });
    await push(teacher, 'messenger.updateGroup', group);
    await box.waitFor({ timeout: waitLong });
    await family.context().setOffline(true);
    await box.fill('Gracias. Mañana envío la autorización firmada.');
    await box.press('Enter');
    await family.locator('.bubble-state-waiting').first().waitFor();
    await family.locator('.bubble-failed').scrollIntoViewIfNeeded();
    await shot(family, 'messenger-chat', combo);
  } finally {
    await family.context().close();
  }

  const page = await signedIn(browser, combo, 'staff@colinas.test');
  try {
    await page.goto(`${origin}/messenger`);
    await page.locator('.conversation-list .conversation-item').nth(2).waitFor({ timeout: waitLong });
    await shot(page, 'messenger-list', combo);

    await page.goto(`${origin}/messenger/groups/new`);
    await page.locator('input[name="name"]').waitFor({ timeout: waitLong });
    await page.locator('input[name="name"]').fill('Taller de robótica');
    await page.locator('textarea[name="description"]').fill('Avisos y materiales del taller de los jueves.');
    const picker = page.locator('.people-picker input[type="search"]');
    for (const name of ['Luis', 'Martina']) {
      await picker.fill(name);
      await page.locator('.people-option').first().click({ timeout: waitLong });
    }
    await shot(page, 'messenger-new-group', combo);

    const families = await familiesGroup(await apiSignIn('staff@colinas.test'));
    await page.goto(`${origin}/messenger/${families}/info`);
    await page.locator('.conversation-members .conversation-member').first().waitFor({ timeout: waitLong });
    await shot(page, 'messenger-group-info', combo);
  } finally {
    await page.context().close();
  }
}

runShots({ port, dataDir, outDir }, (browser) => forEachCombo((combo) => messengerScreens(browser, combo)));
