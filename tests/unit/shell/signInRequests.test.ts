import { beforeEach, describe, expect, it, vi } from 'vitest';

const sent: string[] = [];
vi.mock('../../../src/api/client', () => ({
  requestVoid: (method: string, path: string) => Promise.resolve(void sent.push(`${method} ${path}`)),
  requestJson: (method: string, path: string) => {
    sent.push(`${method} ${path}`);
    return Promise.resolve({ token: 't', user: { id: 'u1' } });
  },
}));

const { login, primeCsrfCookie } = await import('../../../src/session/sessionApi');

describe('sign-in requests', () => {
  beforeEach(() => void sent.splice(0));

  it('asks for the CSRF cookie once while the person types, and "Sign in" does not ask again', async () => {
    await Promise.all([primeCsrfCookie(), primeCsrfCookie()]);
    expect(sent).toEqual(['get sanctum/csrf-cookie']);
    await login({ email: 'ana@colinas.test' }, 'secret-password');
    expect(sent).toEqual(['get sanctum/csrf-cookie', 'post api/login-mobile']);
  });

  it('a sign-in without a primed cookie asks for it first, and the next sign-in asks again', async () => {
    await login({ email: 'ana@colinas.test' }, 'secret-password');
    await login({ email: 'ana@colinas.test' }, 'secret-password');
    expect(sent).toEqual(['get sanctum/csrf-cookie', 'post api/login-mobile', 'get sanctum/csrf-cookie', 'post api/login-mobile']);
  });
});
