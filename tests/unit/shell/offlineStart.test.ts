import { describe, expect, it } from 'vitest';
import { isPrecached, offlineStartFiles, type ViteManifest } from '../../../scripts/offlineStartFiles';
import { maxWarmUrls, offlineStartMessage, offlineStartRequest, warmable } from '../../../src/pwa/offlineStartMessage';

const origin = 'https://colinas.example';

describe('what the page asks the service worker to keep for the offline start', () => {
  it('keeps the build files and college images of its own origin, once each, without queries', () => {
    const urls = warmable(
      [
        `${origin}/assets/messages-abc.js`,
        '/colleges/colinas/logo.svg',
        `${origin}/assets/messages-abc.js#again`,
        `${origin}/api/v1/sync/pull`,
        'https://elsewhere.example/assets/evil.js',
        `${origin}/assets/index.js?v=2`,
        `${origin}/uploads/avatars/1.png`,
        'http://[not a url',
      ],
      origin,
    );
    expect(urls.map((url) => url.href)).toEqual([`${origin}/assets/messages-abc.js`, `${origin}/colleges/colinas/logo.svg`]);
  });

  it('takes at most a bounded number of addresses', () => {
    const many = Array.from({ length: maxWarmUrls + 50 }, (_, i) => `/assets/chunk-${i}.js`);
    expect(warmable(many, origin)).toHaveLength(maxWarmUrls);
  });

  it('reads only its own message', () => {
    expect(offlineStartRequest({ type: 'SKIP_WAITING' })).toBeNull();
    expect(offlineStartRequest(null)).toBeNull();
    expect(offlineStartRequest({ type: offlineStartMessage, urls: 'x' })).toBeNull();
    expect(offlineStartRequest({ type: offlineStartMessage, urls: ['/assets/a.js', 3] })).toEqual({ type: offlineStartMessage, urls: ['/assets/a.js'] });
  });
});

describe('what the service worker precaches', () => {
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_zod.js': { file: 'assets/zod.js' },
    'src/features/posts/readRoutes.ts': { file: 'assets/readRoutes.js', imports: ['_react.js', '_zod.js'], css: ['assets/news.css'] },
    'src/richText/TiptapEditor.tsx': { file: 'assets/TiptapEditor.js', imports: ['_react.js'] },
    'src/locales/de/messages.po': { file: 'assets/messages-de.js' },
  };

  it('is the entry and the offline screens with what they import, not the editor or other languages', () => {
    const files = offlineStartFiles(manifest, ['src/features/posts/readRoutes.ts']);
    expect([...files].sort()).toEqual(['assets/index.css', 'assets/index.js', 'assets/news.css', 'assets/react.js', 'assets/readRoutes.js', 'assets/zod.js']);
    expect(isPrecached('assets/TiptapEditor.js', files)).toBe(false);
    expect(isPrecached('assets/messages-de.js', files)).toBe(false);
    expect(isPrecached('colleges/alianza/hero.svg', files)).toBe(false);
    expect(isPrecached('index.html', files)).toBe(true);
    expect(isPrecached('icons/patio-192.png', files)).toBe(true);
  });

  it('fails the build when an offline screen is no longer in the build', () => {
    expect(() => offlineStartFiles(manifest, ['src/features/posts/gone.ts'])).toThrow(/gone\.ts is not in the Vite manifest/);
  });
});
