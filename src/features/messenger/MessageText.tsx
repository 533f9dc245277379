import { textPieces } from './messageLinks';

/**
 * A message's text as React text nodes and links (http and https only), never HTML: the
 * text keeps its own direction (an Arabic message in a Spanish screen) and its line breaks.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="message-text" dir="auto">
      {textPieces(text).map((piece, i) =>
        piece.kind === 'link' ? (
          <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer" dir="ltr">
            {piece.text}
          </a>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </p>
  );
}
