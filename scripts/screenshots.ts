/**
 * The pictures in docs/screenshots/ (listed in its README.md): each main screen of the
 * demo college in a few looks, not in all of them. Every screen is in phone-light-es and
 * desktop-dark-ar, and in one or two more looks, so that each of the eight (phone 390×844
 * or desktop 1280×800, light or dark, Spanish or Arabic) is seen on several screens; three
 * screens are also in German at 320 px (`small-light-de`). Serves the built app with the real server on a
 * fresh demo database in .tmp/ and saves `docs/screenshots/<screen>-<look>.png`.
 *
 *   npm run build && npm run screenshots
 *   SHOTS_ONLY=chat,desktop-dark npm run screenshots   (the pictures whose name has a part)
 *   PATIO_SHOTS_PORT=8482 npm run screenshots          (the server's port, 8481 otherwise)
 *
 * A full run first removes the folder's pictures. The app is signed in through the API
 * (its token and user stored where the app reads them), except on the sign-in screen.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { dayIn, isoWeekday } from '../contract/eventTime';
import { uuidv7 } from '../contract/ids';
import { csvOf, manifest, zipOf } from '../tests/server/rosterFiles';
import { totpCode, totpStep } from '../server/secondFactor/totp';
import { apiSignIn, closeUpdatePrompt, newContext, root, runShots, shoot, waitLong, type Look, type Member, allLooks } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8481);
const origin = `http://127.0.0.1:${port}`;
const outDir = join(root, 'docs', 'screenshots');
const password = 'patio-demo-2026';
const only = process.env.SHOTS_ONLY?.split(',');

/** The demo's members and rows the screens open. */
interface Demo {
  staff: Member;
  admin: Member;
  /** The newest post with a photo (server/posts/seed.ts). */
  photoPost: string;
  /** The demo teacher's group with the families of a section (server/messenger/seed.ts). */
  familiesGroup: string;
  guardian: Member;
  /** The demo guardian's conversation with the teacher, their message held by the staff hours. */
  heldChat: string;
  /** The demo guardian's id, whose member screen shows the privacy card. */
  guardianId: string;
}

interface Screen {
  name: string;
  /** Who is signed in: the demo teacher sees the messenger, the administrator the administration. */
  as: 'nobody' | 'staff' | 'admin' | 'guardian';
  /** Besides phone-light-es and desktop-dark-ar. */
  also: Look[];
  /** Opens the screen and brings it to the state the picture shows. */
  open: (page: Page, demo: Demo) => Promise<void>;
}

async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.locator(ready).first().waitFor({ timeout: waitLong });
}

async function api(member: Member, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = { authorization: `Bearer ${member.token}`, ...(body ? { 'content-type': 'application/json' } : {}) };
  const reply = await fetch(`${origin}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${(await reply.text()).slice(0, 300)}`);
  return reply;
}

async function rows<T>(member: Member, path: string): Promise<T[]> {
  return ((await (await api(member, 'GET', path)).json()) as { data: T[] }).data;
}

/** A new post by the administrator, to the audience (category and places) of the newest one; its id. */
async function publish(admin: Member, title: string, content: string, scope: 'everyone' | 'guardians'): Promise<string> {
  const [audience] = await rows<Record<string, unknown>>(admin, '/api/v1/posts?per_page=1');
  const id = randomUUID();
  await api(admin, 'POST', '/api/v1/posts', {
    id,
    title,
    content,
    scope,
    ...Object.fromEntries(['category_id', 'course_ids', 'grade_ids', 'section_ids'].map((key) => [key, audience?.[key]])),
  });
  return id;
}

/**
 * An outbox entry that needs attention, made the way it happens to people: the teacher
 * edits a post offline that the administrator deletes meanwhile, and the server refuses
 * the edit when the device is back online.
 */
async function refusedEdit(page: Page, { admin }: Demo): Promise<void> {
  const id = await publish(admin, 'Reunión de apoderados', '<p>Reunión de apoderados el jueves a las 18:00 en el gimnasio.</p>', 'everyone');
  await visit(page, `/blog/post/${id}/edit`, 'form.post-form input[name="title"]');
  const title = page.locator('input[name="title"]');
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="title"]')?.value !== '', undefined, { timeout: waitLong });
  await page.context().setOffline(true);
  await title.fill('Reunión de apoderados: cambio de sala al auditorio');
  await page.locator('form.post-form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/edit'));
  await api(admin, 'DELETE', `/api/v1/posts/${id}`);
  await page.context().setOffline(false);
  await page.locator('.sync-chip-attention').waitFor({ timeout: waitLong });
  await visit(page, '/app/outbox', '.outbox-entry-attention');
}

/**
 * The profile's "Your data": a copy asked for (once per run: later looks find it open) and
 * prepared by the server's job, ready to download.
 */
async function myData(page: Page): Promise<void> {
  await visit(page, '/app/profile', '.privacy-card');
  const ask = page.locator('.privacy-card .privacy-export-actions button');
  if (await ask.isEnabled()) await ask.click();
  await page.locator('.privacy-export-ready').waitFor({ timeout: waitLong });
  await page.locator('.privacy-card').scrollIntoViewIfNeeded();
}

/** An administrator's privacy card on the demo guardian's screen, and the erasure's confirmation. */
async function memberPrivacy(page: Page, { guardianId }: Demo): Promise<void> {
  await visit(page, `/users/${guardianId}`, '.privacy-card');
  await page.locator('.privacy-card').scrollIntoViewIfNeeded();
}

async function memberErase(page: Page, demo: Demo): Promise<void> {
  await memberPrivacy(page, demo);
  await page.locator('.privacy-card .button-danger').click();
  await page.getByRole('alertdialog').waitFor();
}

/** A card of a screen, scrolled to the top of the view once its content is there. */
async function card(page: Page, path: string, selector: string, ready: string): Promise<void> {
  await visit(page, path, `${selector} ${ready}`);
  // Its top just below the app bar (which stays on top of the page).
  await page
    .locator(selector)
    .first()
    .evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - (document.querySelector('header')?.offsetHeight ?? 0) - 16),
    );
}

/**
 * A post's delivery report as its author sees it a moment after publishing: a new post to
 * the families of one section (the demo's seeded posts predate the delivery figures), planned
 * by the server's job, with the demo college's mails recorded, not sent (no SMTP server).
 */
async function deliveryReport(page: Page, { admin }: Demo): Promise<void> {
  const id = await publish(
    admin,
    'Salida pedagógica al Museo de Historia Natural',
    '<p>El jueves salimos a las 9:00 desde el colegio. Traigan colación y la autorización firmada.</p>',
    'guardians',
  );
  await card(page, `/blog/post/${id}`, '.delivery-report', '.delivery-figure');
}

/** The demo administrator's authenticator app, added once: the two-step screens show it. */
async function twoStepAdmin(admin: Member): Promise<void> {
  const list = (await (await api(admin, 'GET', '/api/v1/profile/second-factors')).json()) as { factors: unknown[] };
  if (list.factors.length > 0) return;
  const app = (await (await api(admin, 'POST', '/api/v1/profile/second-factors/totp', { label: 'Teléfono de Patricia' })).json()) as {
    id: string;
    secret: string;
  };
  await api(admin, 'POST', `/api/v1/profile/second-factors/totp/${app.id}/confirm`, { code: totpCode(app.secret, totpStep(Date.now())) });
}

/** The sign-in's second step: the demo administrator's right password, then the app's code is asked for. */
async function secondStep(page: Page, { admin }: Demo): Promise<void> {
  await twoStepAdmin(admin);
  await visit(page, '/auth/login', 'input[name="identifier"]');
  await page.locator('input[name="identifier"]').fill('admin@colinas.test');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.locator('.second-step input[name="totp_code"]').waitFor({ timeout: waitLong });
}

/** In the order they are taken in one context: the outbox's refused edit last, as it stays in the app bar. */
const screens: Screen[] = [
  {
    name: 'sign-in',
    as: 'nobody',
    also: ['desktop-light-es'],
    open: async (page, demo) => {
      await offerSso(demo.admin);
      await visit(page, '/auth/login', '.sso-button');
    },
  },
  {
    name: 'invitation',
    as: 'nobody',
    also: ['desktop-light-es', 'small-light-de'],
    open: async (page, demo) => {
      await offerSso(demo.admin);
      await visit(page, await invitationPath(demo.admin), '.sso-button');
    },
  },
  { name: 'home', as: 'staff', also: ['phone-dark-es', 'small-light-de'], open: (page) => visit(page, '/app', '.post-card') },
  { name: 'news', as: 'staff', also: ['phone-light-ar'], open: (page) => visit(page, '/blog/all', '.post-card') },
  {
    name: 'post',
    as: 'staff',
    also: ['desktop-light-ar'],
    open: (page, demo) => visit(page, `/blog/post/${demo.photoPost}`, '.post-detail .image-gallery-image'),
  },
  {
    name: 'new-post',
    as: 'staff',
    also: ['desktop-dark-es', 'small-light-de'],
    open: async (page) => {
      await visit(page, '/blog/new-post', 'form.post-form');
      await page.locator('input[name="title"]').fill('Salida al museo');
      await page.locator('form.post-form button[type="submit"]').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    // The editor with some writing in it, its toolbar showing bold on at the caret (docs/screenshots/editor/).
    name: 'editor/new-post',
    as: 'staff',
    also: ['phone-dark-es', 'desktop-light-es', 'desktop-dark-es'],
    open: async (page) => {
      await visit(page, '/blog/new-post', 'form.post-form .ProseMirror');
      await page.locator('input[name="title"]').fill('Salida al museo');
      const editor = page.locator('form.post-form .ProseMirror');
      await editor.click();
      await page.keyboard.type('El viernes visitamos el Museo de Historia Natural. Traer:');
      await page.keyboard.press('Enter');
      await page.locator('.editor-tool').nth(2).click();
      await page.keyboard.type('colación y agua');
      await page.keyboard.press('Enter');
      await page.keyboard.type('la autorización firmada');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.locator('.editor-tool').nth(0).click();
      await page.keyboard.type('Salida: 9:00');
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  { name: 'events', as: 'staff', also: ['phone-dark-ar'], open: (page) => visit(page, '/events', '.event-item, .month-day-events') },
  { name: 'messenger', as: 'staff', also: ['phone-light-ar', 'desktop-dark-es'], open: (page) => visit(page, '/messenger', '.conversation-item >> nth=2') },
  {
    name: 'chat',
    as: 'staff',
    also: ['phone-dark-ar', 'small-light-de'],
    open: (page, demo) => visit(page, `/messenger/${demo.familiesGroup}`, '.bubble >> nth=2'),
  },
  {
    name: 'chat-staff-hours',
    as: 'guardian',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: (page, demo) => visit(page, `/messenger/${demo.heldChat}`, '.bubble-held'),
  },
  { name: 'profile', as: 'staff', also: ['phone-light-ar'], open: (page) => visit(page, '/app/profile', '.profile-grid') },
  { name: 'two-step-sign-in', as: 'nobody', also: ['desktop-light-es', 'phone-dark-ar', 'small-light-de'], open: secondStep },
  {
    name: 'two-step-profile',
    as: 'admin',
    also: ['desktop-light-es', 'phone-dark-ar', 'small-light-de'],
    open: async (page, demo) => {
      await twoStepAdmin(demo.admin);
      await card(page, '/app/profile', '.two-step', '.two-step-factor');
    },
  },
  {
    name: 'reach-profile',
    as: 'guardian',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: (page) => card(page, '/app/profile', '.reach-card', 'select'),
  },
  {
    name: 'delivery-report',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: deliveryReport,
  },
  {
    name: 'reach-member',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es'],
    open: (page, demo) => card(page, `/users/${demo.guardianId}`, '.reach-card', 'select'),
  },
  {
    name: 'delivery-settings',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: (page) => card(page, '/admin/integrations', '.reach-settings', 'input'),
  },
  {
    name: 'sso-settings',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: async (page, demo) => {
      await offerSso(demo.admin);
      await card(page, '/admin/integrations', '.sso-settings', 'input[name="display_name"]');
    },
  },
  { name: 'my-data', as: 'staff', also: ['phone-dark-ar', 'desktop-light-es'], open: myData },
  { name: 'outbox', as: 'staff', also: ['phone-dark-es', 'desktop-light-ar'], open: refusedEdit },
  { name: 'notifications', as: 'admin', also: ['desktop-light-es'], open: (page) => visit(page, '/notifications', '.notification-item') },
  { name: 'documents', as: 'admin', also: ['phone-dark-es'], open: (page) => visit(page, '/documentos', '.document-item') },
  { name: 'members', as: 'admin', also: ['desktop-dark-es'], open: (page) => visit(page, '/users', '.member-item') },
  {
    name: 'members-invitations',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: async (page, demo) => {
      await invitedMembers(demo.admin);
      await visit(page, '/users', '.member-badge-bounced');
      await page.locator('.member-badge-signed-in').first().waitFor({ timeout: waitLong });
      await page.locator('.members-count').evaluate((count) => {
        count.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
    },
  },
  {
    name: 'members-invite-all',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: async (page, demo) => {
      await invitedMembers(demo.admin);
      await visit(page, '/users', '.members-invite button:not([disabled])');
      await page.locator('.members-invite button').click();
      await page.locator('.dialog').waitFor({ timeout: waitLong });
    },
  },
  {
    name: 'roster-import',
    as: 'admin',
    also: ['desktop-dark-es', 'small-light-de'],
    open: async (page) => {
      await visit(page, '/users/import', '.roster-import input[type="file"]');
      // Refused rows, one with a 300-letter cell: the list wraps it, the page keeps its width.
      const user = (id: string, email: string, orgs = 'district') => ({
        sourcedId: id,
        enabledUser: 'true',
        orgSourcedIds: orgs,
        role: 'teacher',
        givenName: 'Inés',
        familyName: 'Soto',
        email,
      });
      const zip = await zipOf({
        'manifest.csv': manifest('delta', ['orgs', 'users']),
        'orgs.csv': csvOf('orgs', [{ sourcedId: 'district', name: 'Distrito', type: 'district' }]),
        'users.csv': csvOf('users', [user('u1', 'x'.repeat(300)), user('u2', 'ines@sis.test', 'org-desconocida'), user('u3', 'ana@sis.test')]),
      });
      await page.locator('.roster-import input[type="file"]').setInputFiles({ name: 'sis-export-2026-12-01.zip', mimeType: 'application/zip', buffer: zip });
      await page.locator('.roster-refusals li').first().waitFor({ timeout: waitLong });
      await page.locator('.roster-import').evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
    },
  },
  { name: 'administration', as: 'admin', also: ['desktop-light-ar'], open: (page) => visit(page, '/admin', '.administration-entry') },
  {
    name: 'messenger-rules',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es', 'small-light-de'],
    open: (page) => visit(page, '/admin/messenger/rules', '.messenger-rules-grid'),
  },
  { name: 'audit', as: 'admin', also: ['phone-dark-ar', 'desktop-light-es'], open: (page) => visit(page, '/admin/audit', '.audit-record >> nth=3') },
  {
    name: 'privacy-settings',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es'],
    open: async (page) => {
      await visit(page, '/admin/privacy', '.privacy-settings-form');
      const retention = page.locator('.privacy-settings-form input[type="checkbox"]');
      if (!(await retention.isChecked())) await retention.check();
    },
  },
  { name: 'member-privacy', as: 'admin', also: ['phone-dark-ar', 'desktop-light-es'], open: memberPrivacy },
  { name: 'member-erase', as: 'admin', also: ['phone-dark-ar', 'desktop-light-es'], open: memberErase },
  {
    name: 'statistics',
    as: 'admin',
    also: ['phone-dark-ar', 'desktop-light-es'],
    open: (page) => visit(page, '/statistics?period=30&bucket=day', '.statistics-chart canvas >> nth=2'),
  },
];

function wanted(screen: Screen, look: Look): boolean {
  const name = `${screen.name}-${look}`;
  return (look === 'phone-light-es' || look === 'desktop-dark-ar' || screen.also.includes(look)) && (!only || only.some((part) => name.includes(part)));
}

/** Members sign in (entries) and read the demo posts (reads), so the statistics are not empty. */
async function readSomePosts(staff: Member): Promise<void> {
  const posts = await rows<{ id: string }>(staff, '/api/v1/posts?per_page=20');
  for (const [i, email] of ['student@colinas.test', 'guardian@colinas.test', 'admin@colinas.test', 'staff@colinas.test'].entries()) {
    const reader = await apiSignIn(origin, email, password);
    const mutations = posts.slice(0, posts.length - i * 3).map((post) => ({ id: uuidv7(), name: 'posts.view', args: { post_id: post.id } }));
    await api(reader, 'POST', '/api/v1/sync/push', { clientId: `screenshots-${i}`, mutations });
  }
}

/**
 * Administrative actions for the audit trail, as they happen: a member added from one
 * computer, then moved to another section, given a PIN and the retention changed from a
 * phone's outbox (the browsers are named in the user agent the trail shows).
 */
async function someAdministration(admin: Member): Promise<void> {
  const computer = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const send = async (userAgent: string, method: string, path: string, body: unknown) => {
    const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'user-agent': userAgent };
    const reply = await fetch(`${origin}${path}`, { method, headers, body: JSON.stringify(body) });
    if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${(await reply.text()).slice(0, 300)}`);
  };
  const students = (await rows<{ section_ids: string[]; role: string }>(admin, '/api/v1/admin/members?role=student&per_page=50')).filter(
    (m) => m.section_ids.length > 0,
  );
  const [first, second] = [...new Set(students.flatMap((m) => m.section_ids))];
  if (!first || !second) throw new Error('the demo data has changed: fewer than two sections with students');
  const member = {
    id: uuidv7(),
    name: 'Catalina',
    first_lastname: 'Fuentes',
    second_lastname: 'Rivas',
    email: 'catalina.fuentes@colinas.test',
    role: 'student',
    section_ids: [first],
  };
  await send(computer, 'POST', '/api/v1/admin/members', member);
  const push = (name: string, args: unknown) =>
    send(phone, 'POST', '/api/v1/sync/push', { clientId: '0193a1b2-7c4e-7000-8000-5c6e3b7d9f21', mutations: [{ id: uuidv7(), name, args }] });
  await push('members.update', {
    ...member,
    rut: '',
    phone: '',
    birthdate: '',
    place_id: null,
    child_ids: [],
    status: 'active',
    second_lastname: 'Rivas',
    section_ids: [second],
  });
  await push('members.setPin', { id: member.id, pin: '4821' });
  await push('audit.setRetention', { years: 3 });
}

let invitations: Promise<void> | null = null;

/**
 * Members invited through a local SMTP server (made once): three of four mailed, one address
 * refusing its mail (recorded as bounced), one invitation accepted (signed in), so the list
 * shows each badge.
 */
function invitedMembers(admin: Member): Promise<void> {
  invitations ??= (async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('marta.abello')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address).join(' ');
        simpleParser(stream).then((mail) => {
          received.push(`${to} ${mail.text ?? ''}`);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const smtpPort = (smtp.server.address() as { port: number }).port;
      await api(admin, 'PUT', '/api/v1/admin/integrations/smtp', {
        host: '127.0.0.1',
        port: smtpPort,
        security: 'none',
        from_address: 'no-reply@colinas.test',
      });
      const people = [
        ['Tomás', 'Abarca', 'Ríos'],
        ['Marta', 'Abello', 'Soto'],
        ['Diego', 'Acuña', 'Vera'],
        ['Lucía', 'Adasme', 'Paz'],
      ] as const;
      const ids: string[] = [];
      for (const [name, first, second] of people) {
        const id = uuidv7();
        ids.push(id);
        const email = `${name
          .normalize('NFD')
          .replace(/[^a-zA-Z]/g, '')
          .toLowerCase()}.${first
          .normalize('NFD')
          .replace(/[^a-zA-Z]/g, '')
          .toLowerCase()}@correo.test`;
        await api(admin, 'POST', '/api/v1/admin/members', {
          id,
          name,
          first_lastname: first,
          second_lastname: second,
          email,
          role: 'guardian',
          status: 'active',
        });
      }
      await api(admin, 'POST', '/api/v1/admin/members/invitations', { member_ids: ids.slice(0, 3) });
      const deadline = Date.now() + waitLong;
      const tokenFor = (to: string) => received.map((text) => (text.includes(to) ? /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] : undefined)).find(Boolean);
      while (
        !tokenFor('diego.acuna@correo.test') ||
        !((await (await api(admin, 'GET', `/api/v1/admin/members/${ids[1]}`)).json()) as { email_bounced?: boolean }).email_bounced
      ) {
        if (Date.now() > deadline) throw new Error('the invitations did not leave, or the refused one was not recorded as bounced');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const chosen = 'contraseña-elegida-1';
      await fetch(`${origin}/api/v1/invitations/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: tokenFor('diego.acuna@correo.test'), password: chosen, password_confirmation: chosen }),
      }).then((reply) => {
        if (!reply.ok) throw new Error(`the invitation's link answered ${reply.status}`);
      });
    } finally {
      await api(admin, 'DELETE', '/api/v1/admin/integrations/smtp').catch(() => undefined);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  })();
  return invitations;
}

let ssoOffered: Promise<Response> | null = null;

/** The college's single sign-on settings (once), so the sign-in and invitation pages offer its button. */
function offerSso(admin: Member): Promise<Response> {
  ssoOffered ??= api(admin, 'PUT', '/api/v1/admin/integrations/sso', {
    display_name: 'Google Workspace',
    issuer: 'https://accounts.google.com',
    client_id: '418237-colinas.apps.googleusercontent.com',
    client_secret: 'GOCSPX-demo-secret',
    allowed_domains: ['colinas.test', 'apoderados.colinas.test'],
  });
  return ssoOffered;
}

let invitation: Promise<string> | null = null;

/** The invitation page of a demo guardian: the link of the mail recorded in the outbox (once). */
function invitationPath(admin: Member): Promise<string> {
  invitation ??= (async () => {
    const email = 'antonia.riquelme@colinas.test';
    const guardian = (await rows<{ id: string; email: string }>(admin, '/api/v1/admin/members?role=guardian&per_page=200')).find((row) => row.email === email);
    if (!guardian) throw new Error(`the demo data has changed: no ${email}`);
    await api(admin, 'POST', '/api/v1/admin/members/invitations', { member_ids: [guardian.id] });
    // The invitation-mail job records it within a second or so (server/invitations/invitationMailJob.ts).
    const deadline = Date.now() + waitLong;
    for (;;) {
      const mail = (await rows<{ to: string; text: string }>(admin, '/api/v1/admin/mail-outbox')).find((row) => row.to === email);
      const path = /\/auth\/invitation\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
      if (path) return path;
      if (Date.now() > deadline) throw new Error(`no invitation mail to ${email} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return invitation;
}

async function demoOf(): Promise<Demo> {
  const staff = await apiSignIn(origin, 'staff@colinas.test', password);
  const admin = await apiSignIn(origin, 'admin@colinas.test', password);
  const posts = await rows<{ id: string; title: string }>(staff, '/api/v1/posts?per_page=50');
  const conversations = await rows<{ id: string; name: string }>(staff, '/api/v1/messenger/conversations');
  const photoPost = posts.find((post) => post.title === 'Nuevos libros en la biblioteca')?.id;
  const familiesGroup = conversations.find((row) => row.name.startsWith('Apoderados'))?.id;
  if (!photoPost || !familiesGroup) throw new Error('the demo data has changed: no post with a photo or no families group');
  const guardianId = (await rows<{ id: string; email: string }>(admin, '/api/v1/admin/members?role=guardian&per_page=200')).find(
    (row) => row.email === 'guardian@colinas.test',
  )?.id;
  if (!guardianId) throw new Error('the demo data has changed: no demo guardian');
  await readSomePosts(staff);
  await someAdministration(admin);
  const guardian = await apiSignIn(origin, 'guardian@colinas.test', password);
  return { staff, admin, photoPost, familiesGroup, guardian, guardianId, heldChat: await heldChat(admin, guardian, staff) };
}

/**
 * The staff hours closed now (every day but today, in the demo college's zone) and a
 * guardian's message to the teacher, which the server holds until tomorrow's opening.
 */
async function heldChat(admin: Member, guardian: Member, staff: Member): Promise<string> {
  const rules = (await (await api(admin, 'GET', '/api/v1/admin/messenger/rules')).json()) as Record<string, unknown>;
  const today = isoWeekday(dayIn(new Date(), 'America/Santiago'));
  const days = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today);
  await api(admin, 'PUT', '/api/v1/admin/messenger/rules', {
    ...rules,
    staff_hours_on: true,
    staff_hours_days: days,
    staff_hours_start: '08:00',
    staff_hours_end: '17:00',
  });
  const conversation = (await (await api(guardian, 'POST', '/api/v1/messenger/conversations', { user_id: staff.user.id })).json()) as { id: string };
  await api(guardian, 'POST', `/api/v1/messenger/conversations/${conversation.id}/messages`, {
    text: 'Buenas noches, profesora. Martina tiene fiebre; mañana llegará más tarde. ¿Puede avisar en la primera clase?',
  });
  return conversation.id;
}

/** One look, one member: a browser context, its first download, then the member's screens. */
async function shootAs(browser: Browser, demo: Demo, look: Look, as: Screen['as'], list: Screen[]): Promise<void> {
  const member = as === 'nobody' ? undefined : demo[as];
  const context = await newContext(browser, look, origin, member);
  try {
    const page = await context.newPage();
    if (member) {
      await visit(page, '/app', '.post-card');
      await page.locator('.sync-spinner').waitFor({ state: 'detached', timeout: waitLong });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await closeUpdatePrompt(page, 3_000);
    }
    for (const screen of list) {
      await screen.open(page, demo);
      await shoot(page, outDir, screen.name, look);
    }
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir: '.tmp/screenshots-data' }, async (browser) => {
  mkdirSync(join(outDir, 'editor'), { recursive: true });
  if (!only) for (const file of readdirSync(outDir).filter((name) => name.endsWith('.png'))) rmSync(join(outDir, file));
  const demo = await demoOf();
  for (const look of allLooks) {
    console.log(look);
    for (const as of ['nobody', 'staff', 'admin', 'guardian'] as const) {
      const list = screens.filter((screen) => screen.as === as && wanted(screen, look));
      if (list.length > 0) await shootAs(browser, demo, look, as, list);
    }
  }
});
