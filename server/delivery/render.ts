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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour from the college's settings, or the default green (never anything that could break out of an attribute). */
const safeColor = (color: string) => (/^#[0-9a-fA-F]{6}$/.test(color) ? color : '#2f7d4f');

/** Black or white, whichever reads better on the college's colour (WCAG relative luminance). */
function textOn(color: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#111111' : '#ffffff';
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const plainParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const kindLabel = (texts: MailTexts, item: DeliverableItem, kind: 'post' | 'event' | 'notification') => (item.emergency ? texts.kind.emergency : texts.kind[kind]);

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
  const band = emergency ? '#b3261e' : brand;
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
  .patio-content a { color: ${brand}; }
  @media (prefers-color-scheme: dark) {
    .patio-page { background: #121212 !important; }
    .patio-card { background: #1e1e1e !important; color: #e8e8e8 !important; }
    .patio-muted { color: #b0b0b0 !important; }
    .patio-rule { border-color: #333333 !important; }
    .patio-content a, .patio-link { color: #9fd3b4 !important; }
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

function footerOf(texts: MailTexts, collegeName: string, reason: MailReason, unsubscribe: { href: string; kinds: string } | null) {
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
      ? `<p style="margin:0 0 8px"><a class="patio-link" href="${escapeHtml(unsubscribe.href)}" style="color:#2f6f4a;">${escapeHtml(texts.unsubscribe(unsubscribe.kinds))}</a></p>`
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
  const subject = item.emergency ? texts.emergencySubject(college.name, item.title) : texts.subject(college.name, item.title);
  const details = item.details(language, college.timeZone);
  const label = kindLabel(texts, item, kind);
  const unsubscribe = unsubscribeUrl ? { href: unsubscribeUrl, kinds: texts.kinds[kind] } : null;
  const footer = footerOf(texts, college.name, reason, unsubscribe);
  const labelColor = item.emergency ? '#b3261e' : '#5f6368';
  const body = [
    `<p class="${item.emergency ? '' : 'patio-muted'}" style="margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.02em;text-transform:uppercase;color:${labelColor};">${escapeHtml(label)}</p>`,
    `<h1 style="margin:0 0 6px;font-size:22px;line-height:1.3;">${escapeHtml(item.title)}</h1>`,
    item.authorName ? `<p class="patio-muted" style="margin:0 0 16px;color:#5f6368;font-size:14px;">${escapeHtml(texts.from(item.authorName))}</p>` : '',
    details.length > 0 ? `<p style="margin:0 0 16px;">${details.map(escapeHtml).join('<br>')}</p>` : '',
    item.html ?? plainParagraphs(item.text),
    item.attachments.length > 0
      ? `<p style="margin:16px 0 6px;font-weight:700;">${escapeHtml(texts.attachments)}</p><ul style="margin:0;padding-inline-start:20px;">${item.attachments
          .map((a) => `<li style="margin:0 0 4px;"><a class="patio-link" href="${escapeHtml(openUrl)}" style="color:#2f6f4a;">${escapeHtml(a.name)}</a> <span class="patio-muted" style="color:#5f6368;">(${sizeText(a.size, language)})</span></li>`)
          .join('')}</ul>`
      : '',
    button(texts.open, openUrl, item.emergency ? '#b3261e' : college.themeColor),
  ].join('\n');
  const text = [
    label,
    item.title,
    item.authorName ? texts.from(item.authorName) : '',
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
  return { subject, text, html: layout({ language, texts, college, subject, preheader: clip(item.text, 140), body, footer: footer.html, emergency: item.emergency }) };
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
  const subject = texts.digestSubject(college.name, entries.length);
  const intro = texts.digestIntro(college.name, entries.length);
  const footer = footerOf(texts, college.name, 'digest', { href: unsubscribeUrl, kinds: texts.kinds.digest });
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;">${escapeHtml(intro)}</h1>`,
    ...entries.map(({ kind, item, openUrl }, i) =>
      [
        `<div class="patio-rule" style="padding:${i === 0 ? '0' : '16px'} 0 16px;${i === 0 ? '' : 'border-top:1px solid #e3e3e3;'}">`,
        `<p class="patio-muted" style="margin:0 0 2px;font-size:12px;font-weight:700;text-transform:uppercase;color:#5f6368;">${escapeHtml(kindLabel(texts, item, kind))}</p>`,
        `<h2 style="margin:0 0 4px;font-size:18px;line-height:1.3;"><a class="patio-link" href="${escapeHtml(openUrl)}" style="color:inherit;text-decoration:none;">${escapeHtml(item.title)}</a></h2>`,
        ...item.details(language, college.timeZone).map((line) => `<p class="patio-muted" style="margin:0;color:#5f6368;font-size:14px;">${escapeHtml(line)}</p>`),
        `<p style="margin:6px 0 8px;">${escapeHtml(clip(item.text, 280))}</p>`,
        `<a class="patio-link" href="${escapeHtml(openUrl)}" style="color:#2f6f4a;font-weight:700;">${escapeHtml(texts.open)}</a>`,
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
      clip(item.text, 280),
      `${texts.open}: ${openUrl}`,
      '',
    ]),
    '—',
    footer.text,
  ].join('\n');
  return { subject, text, html: layout({ language, texts, college, subject, preheader: entries.map((e) => e.item.title).join(' · '), body, footer: footer.html, emergency: false }) };
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

/** A page that a mail's link opens (refusals, the unsubscribe confirmation), in the member's language. */
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
  const form = input.form
    ? `<form method="post" action="${escapeHtml(input.form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:12px 22px;border:0;border-radius:8px;background:${color};color:${textOn(color)};font-weight:700;cursor:pointer;">${escapeHtml(input.form.button)}</button></form>`
    : '';
  const link = input.link ? `<p style="margin:20px 0 0;"><a href="${escapeHtml(input.link.href)}" style="color:${color};font-weight:700;">${escapeHtml(input.link.label)}</a></p>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(input.language)}" dir="${texts.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;line-height:1.5;">
<main style="max-width:560px;margin:0 auto;padding:32px 20px;overflow-wrap:anywhere;">
${input.college ? `<p style="margin:0 0 24px;font-weight:700;color:${color};">${escapeHtml(input.college.name)}</p>` : ''}
<h1 style="margin:0 0 12px;font-size:24px;line-height:1.3;">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 20px;">${escapeHtml(input.text)}</p>
${form}${link}
</main>
</body>
</html>`;
}
