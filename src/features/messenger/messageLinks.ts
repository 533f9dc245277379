/**
 * A message's text as pieces to render: plain text and web links (http and https only).
 * The screen makes React nodes of them (MessageText.tsx), never HTML: whatever a message
 * holds (`<img onerror=…>`, `javascript:`), it is shown as the letters it is.
 */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const candidate = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence after a link rather than being part of it. */
const trailing = /[.,;:!?¡¿…»”’)\]}]+$/u;

/** The link `raw` stands for, or null when it is not a plain http(s) address. */
function linkOf(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Trailing punctuation leaves the link, except a `)` the link opened ("…/Cerro_(Valparaíso)"). */
function trimLink(raw: string): string {
  const match = trailing.exec(raw);
  if (!match) return raw;
  let cut = raw.length - match[0].length;
  const opened = (raw.slice(0, cut).match(/\(/g) ?? []).length;
  const closed = (raw.slice(0, cut).match(/\)/g) ?? []).length;
  if (opened > closed && match[0].startsWith(')')) cut += 1;
  return raw.slice(0, cut);
}

export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  const push = (piece: string) => {
    if (!piece) return;
    const previous = pieces.at(-1);
    if (previous?.kind === 'text') previous.text += piece;
    else pieces.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(candidate)) {
    const raw = trimLink(match[0]);
    const href = linkOf(raw);
    if (!href) continue;
    push(text.slice(last, match.index));
    pieces.push({ kind: 'link', text: raw, href });
    last = match.index + raw.length;
  }
  push(text.slice(last));
  return pieces;
}
