import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { backends, hostOf, json, startServer, type TestServer } from './harness';

describe.each(backends)('self sign-up on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, {
      rateLimits: {
        forgotPassword: { max: 3, timeWindowMs: 60_000 },
        signup: { max: 6, timeWindowMs: 60_000 },
        calendarFeed: { max: 60, timeWindowMs: 60_000 },
      },
    });
  });
  afterAll(() => server.close());

  let address = 0;
  const signup = (payload: object, host = hostOf('colinas')) =>
    server.app.inject({ method: 'POST', url: '/api/signup-mobile', headers: { host }, payload, remoteAddress: `10.1.0.${++address}` });
  const valid = { name: 'Ana Pérez', email: 'ana.perez@example.cl', password: 'a-good-password', password_confirmation: 'a-good-password' };

  it('creates a pending guardian account that cannot sign in until approved', async () => {
    const response = await signup({ ...valid, promotions: true });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({ message: messages.signupPending, status: 'pending' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host: hostOf('colinas') },
      payload: { email: valid.email, password: valid.password },
    });
    expect(login.statusCode).toBe(422);
    expect(json(login)).toEqual({ message: messages.pendingApproval, errors: { email: [messages.pendingApproval] } });
    const wrongPassword = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host: hostOf('colinas') },
      payload: { email: valid.email, password: 'not-the-one' },
    });
    expect(json(wrongPassword)).toEqual({ message: messages.credentials, errors: { email: [messages.credentials] } });
  });

  it('refuses a registered email', async () => {
    const response = await signup({ ...valid, email: 'STAFF@colinas.test' });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({ message: messages.emailTaken, errors: { email: [messages.emailTaken] } });
  });

  it('answers every validation message of the sign-up form', async () => {
    const empty = await signup({});
    expect(empty.statusCode).toBe(422);
    expect(json<{ errors: object }>(empty).errors).toEqual({
      name: [messages.nameRequired],
      email: [messages.required],
      password: [messages.required],
      password_confirmation: [messages.passwordConfirm],
    });
    const bad = await signup({ name: 'Ana', email: 'ana@', password: 'short', password_confirmation: 'short' });
    expect(json<{ errors: object }>(bad).errors).toEqual({ email: [messages.emailInvalid], password: [messages.passwordMin] });
    const mismatch = await signup({ ...valid, password_confirmation: 'something-else' });
    expect(json(mismatch)).toEqual({ message: messages.passwordMismatch, errors: { password_confirmation: [messages.passwordMismatch] } });
  });

  it('is closed where the college does not allow it', async () => {
    const response = await signup({ ...valid, email: 'someone@example.cl' }, hostOf('british'));
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({ message: messages.signupClosed });
  });

  it('limits sign-ups and recovery mails per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/signup-mobile',
        headers: { host: hostOf('british') },
        payload: valid,
        remoteAddress: '10.2.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(statuses[6]).toBe(429);

    const forgot = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/forgot-password-user',
        headers: { host: hostOf('colinas') },
        payload: { email: 'x@y.cl' },
        remoteAddress: '10.2.0.2',
      });
    for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
    const limited = await forgot();
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toEqual({ message: messages.tooManyRequests });
  });
});
