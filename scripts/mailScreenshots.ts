/**
 * The mails' pictures in docs/screenshots/ (listed in its README.md): what a family sees of
 * the server's emails (server/delivery/render.ts) in a mail client, and of the pages their
 * links open. No server, no database, no network: the items are written here by hand as
 * server/delivery/deliverable.ts describes them, the mails rendered by the server's own
 * functions, and each shown in Debian's Chromium under a mail client's header (the subject
 * and the sender), in a frame as wide as the client (390 px, a phone; 800 px, a desktop's
 * reading pane), as tall as the mail. Every request a mail would make is refused and makes
 * the run fail, and so does a mail wider than its client.
 *
 *   npm run screenshots:mail                    (also the last step of `npm run screenshots`)
 *   SHOTS_ONLY=digest,-ar- npm run screenshots:mail   (the pictures whose name has a part)
 *
 * Saves `docs/screenshots/mail-<what>-<lang>-<light|dark>-<width>.png`; a full run first
 * removes the folder's `mail-*.png`.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type { DeliverableItem } from '../server/delivery/deliverable';
import { mailDateTime, mailTextsFor } from '../server/delivery/mailTexts';
import { renderDigestMail, renderItemMail, renderLinkPage, type MailCollege, type RenderedMail } from '../server/delivery/render';
import { contentSecurityPolicy } from '../server/http/securityHeaders';
import { htmlToText, sanitizeContent } from '../server/richText/sanitizeContent';
import { chromiumArgs, chromiumPath } from './chromium';
import { root, smallPng } from './lib/screenshotKit';

const outDir = join(root, 'docs', 'screenshots');
const only = process.env.SHOTS_ONLY?.split(',');

const college: MailCollege = { name: 'Colegio Las Colinas', themeColor: '#2f7d4f', timeZone: 'America/Santiago' };
const site = 'https://colinas.patio.example';
/** What a signed link looks like (server/delivery/links.ts: base64url of 72 bytes). */
const token = (n: number) => `AQEB${'x9Kq3vT0bW7mZs2LcYpR4eHn8dUaGf1o'.repeat(3).slice(n % 7)}`.slice(0, 96);
const openUrl = (n: number) => `${site}/mail/open/${token(n)}`;
const unsubscribeUrl = (n: number) => `${site}/mail/unsubscribe/${token(n + 3)}`;

type Lang = 'es' | 'ar';
type Theme = 'light' | 'dark';
type Width = 390 | 800;

/** An item as a feature's `load` gives it (server/posts, server/events, server/notifications `itemOf`). */
function item(
  fields: Pick<DeliverableItem, 'id' | 'title' | 'authorName' | 'path'> & Partial<DeliverableItem> & { content: string; rich: boolean },
): DeliverableItem {
  const { content, rich, ...rest } = fields;
  const html = rich ? sanitizeContent(content) : null;
  return {
    collegeId: '0193a1b2-0000-7000-8000-000000000001',
    authorId: '0193a1b2-0000-7000-8000-000000000002',
    html,
    text: html === null ? content : htmlToText(html),
    details: () => [],
    attachments: [],
    audienceKeys: ['everyone'],
    scope: 'everyone',
    deleted: false,
    emergency: false,
    publishedAt: new Date('2026-05-11T14:30:00Z'),
    ...rest,
  };
}

/** A post with everything rich text can hold, and what could widen a narrow client: a long compound word, a long bare address. */
const post = item({
  id: '0193a1b2-0000-7000-8000-0000000000a1',
  title: 'Salida pedagógica al Museo Interactivo Mirador',
  authorName: 'Daniela Morales',
  path: '/blog/post/0193a1b2-0000-7000-8000-0000000000a1',
  rich: true,
  content: [
    '<p>Estimadas familias: el <strong>jueves 14 de mayo</strong> los cuartos básicos visitarán el Museo Interactivo Mirador. Saldremos del colegio a las 8:30 y volveremos a las 14:00.</p>',
    '<p>Cada estudiante debe traer:</p>',
    '<ul><li>la autorización firmada por su apoderado;</li><li>colación y una botella de agua;</li><li>ropa cómoda y zapatillas.</li></ul>',
    '<p>El programa de la visita está en <a href="https://www.mim.cl/visitas-escolares">el sitio del museo</a>. Nos acompaña la profesora de alemán, que prepara con el curso la palabra más larga del año: <em>Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft</em>.</p>',
    '<p>La autorización también se puede descargar aquí: <a href="https://colinas.patio.example/documentos/2026/salidas-pedagogicas/cuarto-basico/autorizacion-museo-interactivo-mirador-jueves-14-de-mayo-version-final.pdf?descarga=1&amp;origen=correo&amp;ref=4f9c2a7e1b3d5f8a0c6e9b2d4f7a1c3e">https://colinas.patio.example/documentos/2026/salidas-pedagogicas/cuarto-basico/autorizacion-museo-interactivo-mirador-jueves-14-de-mayo-version-final.pdf?descarga=1&amp;origen=correo&amp;ref=4f9c2a7e1b3d5f8a0c6e9b2d4f7a1c3e</a></p>',
  ].join(''),
  attachments: [
    { id: '0193a1b2-0000-7000-8000-0000000000f1', name: 'Autorización salida Museo Mirador 4° básico.pdf', size: 245_760 },
    { id: '0193a1b2-0000-7000-8000-0000000000f2', name: 'Programa-de-la-visita.docx', size: 1_384_448 },
  ],
});

/** An event's "When" and "Where" as server/events/eventDelivery.ts writes them (a timed event on one day). */
const event = item({
  id: '0193a1b2-0000-7000-8000-0000000000b1',
  title: 'Reunión de apoderados del primer semestre',
  authorName: 'Rodrigo Pizarro',
  path: '/events?event=0193a1b2-0000-7000-8000-0000000000b1',
  rich: true,
  content: '<p>Revisaremos el avance del semestre, el calendario de evaluaciones y la organización del paseo de fin de año. Se ruega puntualidad.</p>',
  details: (language, timeZone) => {
    const texts = mailTextsFor(language);
    const start = mailDateTime(new Date('2026-05-21T22:00:00Z'), language, timeZone);
    const end = mailDateTime(new Date('2026-05-21T23:30:00Z'), language, timeZone, { timeStyle: 'short' });
    return [`${texts.when}: ${start} – ${end}`, `${texts.where}: Sala 12, segundo piso (edificio de enseñanza media)`];
  },
});

/** An emergency notification: plain text, and no way out of it. */
const emergency = item({
  id: '0193a1b2-0000-7000-8000-0000000000c1',
  title: 'Suspensión de clases: corte de agua en el sector',
  authorName: 'Dirección',
  path: '/notifications/0193a1b2-0000-7000-8000-0000000000c1',
  rich: false,
  emergency: true,
  content:
    'Por un corte de agua programado por la empresa sanitaria, hoy no habrá clases desde las 12:00.\n\nLos estudiantes pueden ser retirados desde ahora por la portería principal. Quienes no puedan venir antes de las 13:00 quedarán a cargo de sus profesores jefes en la biblioteca.',
});

const notice = item({
  id: '0193a1b2-0000-7000-8000-0000000000d1',
  title: 'Cambio de horario del casino',
  authorName: 'Administración',
  path: '/notifications/0193a1b2-0000-7000-8000-0000000000d1',
  rich: false,
  content: 'Desde el lunes el almuerzo de enseñanza básica será de 12:30 a 13:15, y el de enseñanza media de 13:15 a 14:00.',
});

interface Shot {
  what: string;
  lang: Lang;
  theme: Theme;
  width: Width;
}

/**
 * What each picture is of: a mail's HTML and the subject a mail client shows above it, or a
 * page that a mail's link opens and its address.
 */
function rendered(what: string, lang: Lang): { html: string; subject: string } | { html: string; url: string } {
  const mail = (m: RenderedMail) => ({ html: m.html, subject: m.subject });
  const pages = mailTextsFor(lang).pages;
  const kinds = mailTextsFor(lang).kinds;
  switch (what) {
    case 'post':
      return mail(
        renderItemMail({ language: lang, college, kind: 'post', item: post, reason: 'immediate', openUrl: openUrl(1), unsubscribeUrl: unsubscribeUrl(1) }),
      );
    case 'event':
      return mail(
        renderItemMail({ language: lang, college, kind: 'event', item: event, reason: 'immediate', openUrl: openUrl(2), unsubscribeUrl: unsubscribeUrl(2) }),
      );
    case 'emergency':
      return mail(
        renderItemMail({ language: lang, college, kind: 'notification', item: emergency, reason: 'emergency', openUrl: openUrl(3), unsubscribeUrl: null }),
      );
    case 'digest':
      return mail(
        renderDigestMail({
          language: lang,
          college,
          entries: [
            { kind: 'notification', item: notice, openUrl: openUrl(4) },
            { kind: 'event', item: event, openUrl: openUrl(5) },
            { kind: 'post', item: post, openUrl: openUrl(6) },
          ],
          unsubscribeUrl: unsubscribeUrl(4),
        }),
      );
    case 'unsubscribe':
      return {
        url: `${site}/mail/unsubscribe/${token(7)}`,
        html: renderLinkPage({
          language: lang,
          college,
          title: pages.unsubscribeTitle(kinds.post),
          text: pages.unsubscribeText(college.name, kinds.post),
          form: { action: `/mail/unsubscribe/${token(7)}`, button: pages.unsubscribeButton },
        }),
      };
    case 'refusal':
      return {
        url: `${site}/mail/open/${token(8)}`,
        html: renderLinkPage({ language: lang, college, title: pages.expiredTitle, text: pages.expiredText, link: { href: '/', label: pages.openPatio } }),
      };
    default:
      throw new Error(`no picture called ${what}`);
  }
}

/** Each template in both languages and themes; the post and the digest at both widths too. */
const shots: Shot[] = [
  ...(['es', 'ar'] as const).flatMap((lang) =>
    (['light', 'dark'] as const).flatMap((theme): Shot[] => [
      { what: 'post', lang, theme, width: 390 },
      { what: 'digest', lang, theme, width: 390 },
    ]),
  ),
  { what: 'post', lang: 'es', theme: 'light', width: 800 },
  { what: 'post', lang: 'ar', theme: 'dark', width: 800 },
  { what: 'digest', lang: 'ar', theme: 'light', width: 800 },
  { what: 'digest', lang: 'es', theme: 'dark', width: 800 },
  ...['event', 'emergency', 'unsubscribe', 'refusal'].flatMap((what): Shot[] => [
    { what, lang: 'es', theme: 'light', width: 390 },
    { what, lang: 'ar', theme: 'dark', width: 390 },
  ]),
];

const fileOf = ({ what, lang, theme, width }: Shot) => `mail-${what}-${lang}-${theme}-${width}.png`;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * A mail client's message view: the subject and the sender above the message, which is shown
 * in a sandboxed frame (no scripts, nothing from outside), as clients do, in the reader's language.
 */
function clientPage(mail: { html: string; subject: string }, lang: Lang): string {
  return `<!doctype html>
<html lang="${lang}" dir="${mailTextsFor(lang).dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<style>
  body { margin: 0; font-family: 'DejaVu Sans', sans-serif; background: #ffffff; color: #1f1f1f; }
  header { padding: 14px 16px 12px; border-bottom: 1px solid #dadce0; }
  h1 { margin: 0 0 8px; font-size: 19px; font-weight: 400; line-height: 1.35; overflow-wrap: anywhere; }
  .sender { display: flex; align-items: center; gap: 10px; font-size: 13px; color: #5f6368; }
  .sender span { display: grid; min-width: 0; }
  .sender bdi { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .sender b { color: #1f1f1f; font-weight: 700; }
  .avatar { width: 32px; height: 32px; border-radius: 50%; background: ${college.themeColor}; color: #fff; display: grid; place-items: center; font-weight: 700; font-size: 15px; }
  iframe { display: block; width: 100%; border: 0; }
  @media (prefers-color-scheme: dark) {
    body { background: #1f1f1f; color: #e3e3e3; }
    header { border-color: #3c4043; }
    .sender { color: #9aa0a6; }
    .sender b { color: #e3e3e3; }
  }
</style></head>
<body>
<header>
  <h1 dir="auto">${escapeHtml(mail.subject)}</h1>
  <div class="sender"><span class="avatar">C</span><span><bdi><b>${escapeHtml(college.name)}</b></bdi><bdi dir="ltr">no-reply@colinas.patio.example</bdi></span></div>
</header>
<iframe sandbox="allow-same-origin" title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
</body>
</html>`;
}

/**
 * One picture: a mail in the client's page, or a link's page at its address with the headers
 * the server sends it (its Content-Security-Policy: style attributes only). Nothing else is
 * fetched.
 */
async function take(browser: Browser, shot: Shot): Promise<void> {
  const what = rendered(shot.what, shot.lang);
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.width === 390 ? 844 : 800 },
    deviceScaleFactor: 1,
    isMobile: shot.width === 390,
    hasTouch: shot.width === 390,
    colorScheme: shot.theme,
    locale: shot.lang,
    timezoneId: college.timeZone,
    reducedMotion: 'reduce',
  });
  const fetched: string[] = [];
  await context.route('**/*', (route) => {
    if ('url' in what && route.request().url() === what.url)
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': contentSecurityPolicy },
        body: what.html,
      });
    fetched.push(route.request().url());
    return route.abort();
  });
  try {
    const page = await context.newPage();
    // A style the page's policy refuses (or any other complaint) would not be seen in the picture.
    const complaints: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && complaints.push(message.text())));
    if ('url' in what) await page.goto(what.url, { waitUntil: 'load' });
    else await page.setContent(clientPage(what, shot.lang), { waitUntil: 'load' });
    // The message's document: the frame's in a client, the page's own for a link's page.
    const wide = await page.evaluate(async () => {
      const frame = document.querySelector('iframe');
      const doc = frame?.contentDocument ?? document;
      await doc.fonts.ready;
      if (frame) frame.style.height = `${doc.documentElement.scrollHeight}px`;
      const view = doc.documentElement.clientWidth;
      const over = [...doc.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > view + 0.5 || el.getBoundingClientRect().left < -0.5);
      return { scroll: doc.documentElement.scrollWidth, view, over: over.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`) };
    });
    if (wide.scroll > wide.view || wide.over.length > 0) throw new Error(`${fileOf(shot)}: ${wide.scroll} px wide in ${wide.view} px, ${wide.over.join(' ')}`);
    if (fetched.length > 0) throw new Error(`${fileOf(shot)} fetched ${fetched.join(', ')}`);
    if (complaints.length > 0) throw new Error(`${fileOf(shot)}: ${complaints.join('; ')}`);
    const picture = await page.screenshot({ fullPage: true, scale: 'css', animations: 'disabled', caret: 'hide' });
    await writeFile(join(outDir, fileOf(shot)), await smallPng(picture));
    console.log(`  ${fileOf(shot)}`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  if (!only) for (const file of readdirSync(outDir).filter((name) => name.startsWith('mail-') && name.endsWith('.png'))) rmSync(join(outDir, file));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 30_000 });
  try {
    for (const shot of shots.filter((s) => !only || only.some((part) => fileOf(s).includes(part)))) await take(browser, shot);
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
