import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** What the provider says about the person who signs in next. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next interaction. */
  account: TestAccount;
  /** Lifetime of the ID tokens issued from now on, in seconds. */
  idTokenTtl: number;
  /**
   * Follows the provider's pages like a new browser from the authorization URL to the redirect
   * back to the app, signing in `account` on the way; answers that redirect's URL.
   */
  authorize: (authorizationUrl: string) => Promise<URL>;
  /** Stops answering (the provider down); `start` answers again on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with one confidential client
 * (client_secret_basic) whose redirect URI is the test server's callback. Its login and consent
 * interactions finish at once for `account`, so a test drives it with plain fetch and a jar,
 * or a browser follows its redirects (tests/e2e/sso.spec.ts).
 */
export async function startOidcProvider(redirectUri: string): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  const test: TestProvider = {
    issuer,
    clientId: 'patio-test',
    clientSecret: 'patio-test-secret-of-enough-length',
    account: { email: 'admin@colinas.test', email_verified: true },
    idTokenTtl: 3600,
    authorize: (url) => authorize(url),
    stop: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
    start: () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: test.clientId,
        client_secret: test.clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Every lifetime given (the provider prints a notice for each one left to its default).
    ttl: { IdToken: () => test.idTokenTtl, AccessToken: 3600, Grant: 3600, Interaction: 600, Session: 3600 },
    cookies: { keys: ['patio-test-cookie-key'] },
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        const accountId = `sub-${accounts.size + 1}`;
        accounts.set(accountId, { ...test.account });
        return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: test.clientId });
      grant.addOIDCScope('openid email profile');
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });

  async function authorize(authorizationUrl: string): Promise<URL> {
    // A fresh browser each time: no provider session carries the last test's account over.
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1);
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
        else jar.set(name, value);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error('the provider redirected too often');
  }

  return test;
}
