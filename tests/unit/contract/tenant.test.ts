import { describe, expect, it } from 'vitest';
import { hostNameOf, matchCollege } from '../../../contract/tenant';

const colleges = [
  { slug: 'british', hostPatterns: ['british'], isDefault: false },
  { slug: 'colinas', hostPatterns: ['colinas'], isDefault: true },
  { slug: 'alianza', hostPatterns: ['alianza'], isDefault: false },
];
const slugFor = (host: string) => matchCollege(host, colleges)?.slug;

describe('tenant matching by host', () => {
  it('finds a college by a substring of the host, with or without scheme and port', () => {
    expect(slugFor('british.localhost:8080')).toBe('british');
    expect(slugFor('http://british.localhost:8080/app')).toBe('british');
    expect(slugFor('app.colinas.cl')).toBe('colinas');
  });

  it('recognises a domain and any of its subdomains', () => {
    expect(slugFor('alianza.example')).toBe('alianza');
    expect(slugFor('intranet.alianza.example')).toBe('alianza');
    expect(slugFor('ALIANZA.EXAMPLE.')).toBe('alianza');
  });

  it('serves the default college on loopback names only', () => {
    expect(slugFor('localhost:8080')).toBe('colinas');
    expect(slugFor('127.0.0.1')).toBe('colinas');
    expect(slugFor('[::1]:8080')).toBe('colinas');
    expect(slugFor('unknown.example')).toBeUndefined();
    expect(slugFor('')).toBeUndefined();
  });

  it('prefers the longest matching pattern', () => {
    const nested = [
      { slug: 'alianza', hostPatterns: ['alianza'], isDefault: false },
      { slug: 'alianza-norte', hostPatterns: ['norte.alianza'], isDefault: false },
    ];
    expect(matchCollege('norte.alianza.example', nested)?.slug).toBe('alianza-norte');
    expect(hostNameOf('https://x.example:443/path')).toBe('x.example');
  });
});
