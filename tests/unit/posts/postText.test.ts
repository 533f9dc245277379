import { afterEach, describe, expect, it, vi } from 'vitest';
import { excerpt, primeExcerpts } from '../../../src/features/posts/postText';

/** Unique contents per test: the excerpt cache is module-wide. */
let serial = 0;
const html = (body: string) => `<p>${body} #${++serial}</p>`;

describe('card excerpts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('primes a whole list with one parse, giving what each card would have parsed alone', () => {
    const contents = [html('Hola <strong>mundo</strong>'), `<ul><li>uno</li><li>dos</li></ul>${html('&amp; más')}`, html('tres')];
    const alone = contents.map((c) => excerpt(`${c} `)); // a different key: parsed one by one
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    primeExcerpts(contents);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(contents.map((c) => excerpt(c))).toEqual(alone.map((text) => text.trim()));
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('keeps posts apart when one leaves its elements open', () => {
    const open = `<ul><li>abierta #${++serial}`;
    const next = html('siguiente');
    primeExcerpts([open, next]);
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    expect([excerpt(open), excerpt(next)]).toEqual([`abierta #${serial - 1}`, `siguiente #${serial}`]);
    expect(parse).not.toHaveBeenCalled();
  });

  it('falls back to one parse per card when the list parse does not give one wrapper per post', () => {
    // A real parser folds a post with an open raw-text element (<textarea>…) into one wrapper
    // with the next; the test DOM's parser does not, so that answer is given here.
    const first = html('primera');
    const second = html('segunda');
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    parse.mockImplementationOnce(() => {
      const doc = document.implementation.createHTMLDocument('');
      doc.body.innerHTML = `<section>${first}${second}</section>`;
      return doc;
    });
    primeExcerpts([first, second]);
    expect(parse).toHaveBeenCalledTimes(1);
    expect([excerpt(first), excerpt(second)]).toEqual([`primera #${serial - 1}`, `segunda #${serial}`]);
    expect(parse).toHaveBeenCalledTimes(3);
  });

  it('parses a content once, however often the list is drawn', () => {
    const content = html('una vez');
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    expect(excerpt(content)).toBe(excerpt(content));
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
