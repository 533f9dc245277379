import type { MailLanguage } from '../../contract/delivery';
import type { DeliverableItem } from './deliverable';
import { mailTextsFor, type MailTexts } from './mailTexts';

/**
 * The emails of items and digests: an HTML part built for mail clients (tables, inline
 * styles, a dark scheme for clients that honour `prefers-color-scheme`, nothing fetched) and
 * a plain-text part saying the same. The item's HTML is the sanitised HTML the app shows
 * (server/richText); everything else is escaped here.
 */

export interface MailCollege {
  name: string;
  themeColor: string;
  timeZone: string;
}

/** Why the member gets it: the footer says so, and offers the way out where there is one. */
export type MailReason = 'immediate' | 'digest' | 'inactive' | 'emergency';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour from the college's settings, or the default green (never anything that could break out of an attribute). */
const safeColor = (color: string) => (/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#2f7d4f');

const channels = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** Black or white, whichever reads better on the college's colour. */
const textOn = (color: string) => (luminance(color) > 0.179 ? '#111111' : '#ffffff');

/**
 * The college's colour as text on a background (links, the emergency label): itself where it
 * reads (WCAG AA, 4.5:1, unless asked for more), else mixed towards black on a light
 * background or white on a dark one until it does. A light brand colour stays legible on
 * white, a dark one on the dark scheme's card.
 */
function readableOn(color: string, background: string, wanted = 4.5): string {
  const towards = luminance(background) > 0.179 ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const mixed = `#${channels(color)
      .map((v) => Math.round(v + ((towards - v) * step) / 20))
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('')}`;
    if (contrast(mixed, background) >= wanted) return mixed;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}

/** The card's background in each scheme (the dark one set by the mail's `prefers-color-scheme` rules). */
const lightCard = '#ffffff';
const darkCard = '#1e1e1e';
const emergencyRed = '#b3261e';

const rtlLetter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * A subject in a right-to-left language starts with a right-to-left mark: clients that take a
 * subject's direction from its first letter (`dir="auto"`) would otherwise set an Arabic
 * subject that starts with the school's Latin name left to right, and jumble its end.
 */
const subjectIn = (dir: 'ltr' | 'rtl', subject: string) => (dir === 'rtl' ? `\u200f${subject}` : subject);

/**
 * A name or title put into a sentence of the mail's language (the college, an author), kept
 * in its own direction with Unicode isolates (FSI … PDI), which work in the subject and the
 * plain text as in HTML: in Arabic, "Colegio Las Colinas: 3 …" would otherwise take the
 * number and the colon into the Latin name's run. Left as it is where nothing can mix.
 */
const isolate = (dir: 'ltr' | 'rtl', name: string) => (dir === 'rtl' || rtlLetter.test(name) ? `\u2068${name}\u2069` : name);

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
/** An item's text on one line for a digest's entry: its list items (htmlToText's "- ") as bullets. */
const excerpt = (text: string) =>
  clip(
    text
      .replace(/^- /gm, '• ')
      .replace(/\s*\n+\s*/g, ' ')
      .trim(),
    280,
  );
const plainParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px;">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** Links outside the item's own text (attachments, the footer, a digest's entries), in the college's colour where it reads. */
const linkColor = (college: MailCollege) => readableOn(safeColor(college.themeColor), lightCard);

const kindLabel = (texts: MailTexts, item: DeliverableItem, kind: 'post' | 'event' | 'notification') =>
  item.emergency ? texts.kind.emergency : texts.kind[kind];

function layout(options: {
  language: MailLanguage;
  texts: MailTexts;
  college: MailCollege;
  subject: string;
  preheader: string;
  body: string;
  footer: string;
  emergency: boolean;
}): string {
  const { language, texts, college, subject, preheader, body, footer, emergency } = options;
  const brand = safeColor(college.themeColor);
  const band = emergency ? emergencyRed : brand;
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${texts.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
  .patio-content img { max-width: 100%; height: auto; }
  .patio-rich a { color: ${readableOn(brand, lightCard)}; }
  .patio-rich > * { unicode-bidi: plaintext; }
  @media (prefers-color-scheme: dark) {
    .patio-page { background: #121212 !important; }
    .patio-card { background: ${darkCard} !important; color: #e8e8e8 !important; }
    .patio-muted { color: #b0b0b0 !important; }
    .patio-rule { border-color: #3a3a3a !important; }
    .patio-rich a, .patio-link { color: ${readableOn(brand, darkCard, 7)} !important; }
    .patio-alert { color: ${readableOn(emergencyRed, darkCard)} !important; }
  }
</style>
</head>
<body class="patio-page" style="margin:0;padding:0;background:#f2f3f5;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="patio-page" style="background:#f2f3f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="patio-card" style="max-width:600px;background:#ffffff;color:#1b1b1b;border-radius:12px;overflow:hidden;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans SC',Arial,sans-serif;font-size:16px;line-height:1.5;">
<tr><td style="background:${band};color:${textOn(band)};padding:16px 24px;font-size:18px;font-weight:700;overflow-wrap:anywhere;word-break:break-word;">${escapeHtml(college.name)}</td></tr>
<tr><td class="patio-content" style="padding:24px;overflow-wrap:anywhere;word-break:break-word;">${body}</td></tr>
<tr><td class="patio-muted patio-rule" style="padding:16px 24px 24px;border-top:1px solid #e3e3e3;color:#5f6368;font-size:13px;line-height:1.5;overflow-wrap:anywhere;word-break:break-word;">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function button(label: string, href: string, color: string): string {
  const c = safeColor(color);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:20px 0 4px;"><tr><td style="background:${c};border-radius:8px;">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;color:${textOn(c)};text-decoration:none;font-weight:700;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

function footerOf(texts: MailTexts, college: MailCollege, reason: MailReason, unsubscribe: { href: string; kinds: string } | null) {
  const collegeName = isolate(texts.dir, college.name);
  const why =
    reason === 'emergency'
      ? texts.whyEmergency(collegeName)
      : reason === 'digest'
        ? texts.whyDigest(collegeName)
        : reason === 'inactive'
          ? texts.whyInactive(collegeName)
          : texts.whyImmediate(collegeName, unsubscribe?.kinds ?? '');
  const html = [
    `<p style="margin:0 0 8px">${escapeHtml(why)}</p>`,
    unsubscribe
      ? `<p style="margin:0 0 8px"><a class="patio-link" href="${escapeHtml(unsubscribe.href)}" style="color:${linkColor(college)};">${escapeHtml(texts.unsubscribe(unsubscribe.kinds))}</a></p>`
      : '',
    `<p style="margin:0">${escapeHtml(texts.choose)}</p>`,
  ].join('');
  const text = [why, unsubscribe ? `${texts.unsubscribe(unsubscribe.kinds)}: ${unsubscribe.href}` : '', texts.choose].filter(Boolean).join('\n');
  return { html, text };
}

export interface ItemMailInput {
  language: MailLanguage;
  college: MailCollege;
  kind: 'post' | 'event' | 'notification';
  item: DeliverableItem;
  reason: MailReason;
  openUrl: string;
  /** Null for emergencies: they cannot be unsubscribed from. */
  unsubscribeUrl: string | null;
}

/** One item's email. */
export function renderItemMail({ language, college, kind, item, reason, openUrl, unsubscribeUrl }: ItemMailInput): RenderedMail {
  const texts = mailTextsFor(language);
  const collegeName = isolate(texts.dir, college.name);
  const title = isolate(texts.dir, item.title);
  const subject = subjectIn(texts.dir, item.emergency ? texts.emergencySubject(collegeName, title) : texts.subject(collegeName, title));
  const details = item.details(language, college.timeZone);
  const label = kindLabel(texts, item, kind);
  const unsubscribe = unsubscribeUrl ? { href: unsubscribeUrl, kinds: texts.kinds[kind] } : null;
  const footer = footerOf(texts, college, reason, unsubscribe);
  const start = texts.dir === 'rtl' ? 'right' : 'left';
  const body = [
    item.emergency
      ? `<p class="patio-alert" style="margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.02em;text-transform:uppercase;color:${emergencyRed};">${escapeHtml(label)}</p>`
      : `<p class="patio-muted" style="margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.02em;text-transform:uppercase;color:#5f6368;">${escapeHtml(label)}</p>`,
    `<h1 dir="auto" style="margin:0 0 6px;font-size:22px;line-height:1.3;">${escapeHtml(item.title)}</h1>`,
    item.authorName
      ? `<p class="patio-muted" style="margin:0 0 16px;color:#5f6368;font-size:14px;">${escapeHtml(texts.from(isolate(texts.dir, item.authorName)))}</p>`
      : '',
    details.length > 0 ? `<p style="margin:0 0 16px;">${details.map(escapeHtml).join('<br>')}</p>` : '',
    `<div class="patio-rich" dir="auto">${item.html ?? plainParagraphs(item.text)}</div>`,
    item.attachments.length > 0
      ? `<p style="margin:16px 0 6px;font-weight:700;">${escapeHtml(texts.attachments)}</p><ul style="margin:0;padding:0;padding-${start}:20px;">${item.attachments
          .map(
            (a) =>
              `<li style="margin:0 0 4px;"><a class="patio-link" dir="auto" href="${escapeHtml(openUrl)}" style="color:${linkColor(college)};">${escapeHtml(a.name)}</a> <span class="patio-muted" style="color:#5f6368;white-space:nowrap;">(${sizeText(a.size, language)})</span></li>`,
          )
          .join('')}</ul>`
      : '',
    button(texts.open, openUrl, item.emergency ? emergencyRed : college.themeColor),
  ].join('\n');
  const text = [
    label,
    item.title,
    item.authorName ? texts.from(isolate(texts.dir, item.authorName)) : '',
    ...details,
    '',
    item.text,
    ...(item.attachments.length > 0 ? ['', `${texts.attachments}:`, ...item.attachments.map((a) => `- ${a.name} (${sizeText(a.size, language)})`)] : []),
    '',
    `${texts.open}: ${openUrl}`,
    '',
    '—',
    footer.text,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
  return {
    subject,
    text,
    html: layout({ language, texts, college, subject, preheader: clip(item.text, 140), body, footer: footer.html, emergency: item.emergency }),
  };
}

export interface DigestEntry {
  kind: 'post' | 'event' | 'notification';
  item: DeliverableItem;
  openUrl: string;
}

/** A member's day: every item of theirs that waited for the digest, newest first. */
export function renderDigestMail(input: { language: MailLanguage; college: MailCollege; entries: DigestEntry[]; unsubscribeUrl: string }): RenderedMail {
  const { language, college, entries, unsubscribeUrl } = input;
  const texts = mailTextsFor(language);
  const collegeName = isolate(texts.dir, college.name);
  const subject = subjectIn(texts.dir, texts.digestSubject(collegeName, entries.length));
  const intro = texts.digestIntro(collegeName, entries.length);
  const footer = footerOf(texts, college, 'digest', { href: unsubscribeUrl, kinds: texts.kinds.digest });
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;">${escapeHtml(intro)}</h1>`,
    ...entries.map(({ kind, item, openUrl }, i) =>
      [
        `<div class="patio-rule" style="padding:${i === 0 ? '0' : '16px'} 0 16px;${i === 0 ? '' : 'border-top:1px solid #e3e3e3;'}">`,
        `<p class="patio-muted" style="margin:0 0 2px;font-size:12px;font-weight:700;text-transform:uppercase;color:#5f6368;">${escapeHtml(kindLabel(texts, item, kind))}</p>`,
        `<h2 dir="auto" style="margin:0 0 4px;font-size:18px;line-height:1.3;"><a href="${escapeHtml(openUrl)}" style="color:inherit;text-decoration:none;">${escapeHtml(item.title)}</a></h2>`,
        ...item
          .details(language, college.timeZone)
          .map((line) => `<p class="patio-muted" style="margin:0;color:#5f6368;font-size:14px;">${escapeHtml(line)}</p>`),
        `<p dir="auto" style="margin:6px 0 8px;">${escapeHtml(excerpt(item.text))}</p>`,
        `<a class="patio-link" href="${escapeHtml(openUrl)}" style="color:${linkColor(college)};font-weight:700;">${escapeHtml(texts.open)}</a>`,
        `</div>`,
      ].join(''),
    ),
  ].join('\n');
  const text = [
    intro,
    '',
    ...entries.flatMap(({ kind, item, openUrl }) => [
      `${kindLabel(texts, item, kind)}: ${item.title}`,
      ...item.details(language, college.timeZone),
      excerpt(item.text),
      `${texts.open}: ${openUrl}`,
      '',
    ]),
    '—',
    footer.text,
  ].join('\n');
  return {
    subject,
    text,
    html: layout({ language, texts, college, subject, preheader: entries.map((e) => e.item.title).join(' · '), body, footer: footer.html, emergency: false }),
  };
}

function sizeText(bytes: number, language: MailLanguage): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  } catch {
    return `${Math.round(value)} ${units[unit]}`;
  }
}

/**
 * A page that a mail's link opens (refusals, the unsubscribe confirmation), in the member's
 * language, looking like the mails: the college's band on a card. It is served under the
 * app's Content-Security-Policy (server/http/securityHeaders.ts), which allows style
 * attributes but no style element, so the dark scheme is `light-dark()` in the attributes,
 * after a light value for browsers without it.
 */
export function renderLinkPage(input: {
  language: MailLanguage;
  college: MailCollege | null;
  title: string;
  text: string;
  /** A form that posts back (the unsubscribe confirmation). */
  form?: { action: string; button: string };
  link?: { href: string; label: string };
}): string {
  const texts = mailTextsFor(input.language);
  const color = safeColor(input.college?.themeColor ?? '');
  const scheme = (property: string, light: string, dark: string) => `${property}:${light};${property}:light-dark(${light},${dark});`;
  const action = `display:inline-block;font:inherit;font-weight:700;padding:12px 22px;border:0;border-radius:8px;background:${color};color:${textOn(color)};text-decoration:none;cursor:pointer;`;
  const form = input.form
    ? `<form method="post" action="${escapeHtml(input.form.action)}" style="margin:0;"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="${action}">${escapeHtml(input.form.button)}</button></form>`
    : '';
  const link = input.link ? `<p style="margin:0;"><a href="${escapeHtml(input.link.href)}" style="${action}">${escapeHtml(input.link.label)}</a></p>` : '';
  const text = input.college?.name ? input.text.split(input.college.name).join(isolate(texts.dir, input.college.name)) : input.text;
  return `<!doctype html>
<html lang="${escapeHtml(input.language)}" dir="${texts.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;${scheme('background', '#f2f3f5', '#121212')}${scheme('color', '#1b1b1b', '#e8e8e8')}font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic',Arial,sans-serif;font-size:16px;line-height:1.5;">
<main style="max-width:560px;margin:0 auto;padding:24px 12px;">
<div style="${scheme('background', lightCard, darkCard)}border-radius:12px;overflow:hidden;overflow-wrap:anywhere;word-break:break-word;">
${input.college ? `<p style="margin:0;padding:16px 24px;background:${color};color:${textOn(color)};font-size:18px;font-weight:700;">${escapeHtml(input.college.name)}</p>` : ''}
<div style="padding:24px;">
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3;">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 20px;">${escapeHtml(text)}</p>
${form}${link}
</div>
</div>
</main>
</body>
</html>`;
}
