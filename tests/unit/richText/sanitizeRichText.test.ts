import { describe, expect, it } from 'vitest';
import { excerpt } from '../../../src/features/posts/postText';
import { sanitizeRichText } from '../../../src/richText/sanitizeRichText';

describe('the client sanitiser of post HTML', () => {
  it('drops scripts with their text and event handlers', () => {
    const html = sanitizeRichText('<p onclick="steal()">Hola<script>alert(1)</script></p><img src=x onerror="alert(2)"><style>p{}</style>');
    expect(html).toBe('<p>Hola</p>');
  });

  it('keeps only http(s) and mailto links, with rel noopener', () => {
    const html = sanitizeRichText(
      '<a href="javascript:alert(1)">a</a> <a href="java\tscript:alert(1)">b</a> <a href="data:text/html,x">c</a> <a href="https://colinas.test/x">d</a> <a href="mailto:ana@colinas.test">e</a>',
    );
    expect(html).not.toMatch(/javascript|data:/i);
    expect(html).toContain('<a rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="https://colinas.test/x" rel="noopener noreferrer">d</a>');
    expect(html).toContain('<a href="mailto:ana@colinas.test" rel="noopener noreferrer">e</a>');
  });

  it("turns the editor's b, i and div into the server's strong, em and p", () => {
    expect(sanitizeRichText('<div><b>Uno</b> <i>dos</i></div><ul><li>tres</li></ul>')).toBe('<p><strong>Uno</strong> <em>dos</em></p><ul><li>tres</li></ul>');
  });

  it('keeps the text of unknown wrappers and drops iframes whole', () => {
    expect(sanitizeRichText('<p><span style="color:red">rojo</span></p><iframe srcdoc="x">x</iframe>')).toBe('<p>rojo</p>');
  });

  it('makes a plain-text excerpt for cards', () => {
    expect(excerpt('<p>Hola <strong>mundo</strong></p><p>&amp; más</p>')).toBe('Hola mundo & más');
    expect(excerpt(`<p>${'palabra '.repeat(60)}</p>`, 40)).toMatch(/^(palabra ){3,}palabra…$/);
  });
});
