/**
 * Where to go after signing in: the `redirect` query value when it is a path of this app
 * (never another origin: `//evil.example` and `https://…` are refused), else /app.
 */
export function redirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/app';
  if (raw === '/' || raw.startsWith('/auth/')) return '/app';
  return raw;
}

export function loginPathFor(path: string): string {
  return `/auth/login?redirect=${encodeURIComponent(path)}`;
}
