import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '../../contract/auth';
import { messages } from '../../contract/messages';
import { backends, bearer, demoPassword, hostOf, json, multipartBody, signIn, startServer, tinyPng, type TestServer } from './harness';

describe.each(backends)('profile on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  const profileFields = {
    _method: 'PUT',
    name: 'Martina',
    first_lastname: 'Campos',
    second_lastname: 'Vidal',
    email: 'student@colinas.test',
    rut: '',
    phone: '+56 9 1234 5678',
    birthdate: '2010-05-04',
  };
  const updateProfile = (token: string, fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) => {
    const body = multipartBody(fields, file);
    return server.app.inject({
      method: 'POST',
      url: '/api/v1/users/update/profile',
      headers: { host, ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const me = async (token: string) =>
    userSchema.parse(json(await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(token) } })));

  it('updates the profile from the multipart form and keeps it', async () => {
    const token = await signIn(server.app, host, { email: 'student@colinas.test' });
    const response = await updateProfile(token, { ...profileFields, name: 'Martina Isabel', rut: '11.111.111-1' });
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(json(response))).toMatchObject({ name: 'Martina Isabel', rut: '11.111.111-1', birthdate: '2010-05-04' });
    expect(await me(token)).toMatchObject({ name: 'Martina Isabel', rut: '11.111.111-1', phone: '+56 9 1234 5678' });
    // The rut is now hers to sign in with.
    await signIn(server.app, host, { rut: '111111111' });
  });

  it('accepts a real PUT with JSON too', async () => {
    const token = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/update/profile',
      headers: { host, ...bearer(token) },
      payload: { name: 'Luis Alberto', email: 'guardian@colinas.test', first_lastname: 'Campos' },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(token)).name).toBe('Luis Alberto');
  });

  it('answers the contract messages for bad fields, a taken email and a taken rut', async () => {
    const token = await signIn(server.app, host, { email: 'staff@colinas.test' });
    const bad = await updateProfile(token, { ...profileFields, name: '', email: 'x', rut: '12.345.678-9', phone: 'abc', birthdate: '2999-01-01' });
    expect(bad.statusCode).toBe(422);
    expect(json<{ errors: object }>(bad).errors).toEqual({
      name: [messages.required],
      email: [messages.emailInvalid],
      rut: [messages.rutInvalid],
      phone: [messages.phoneInvalid],
      birthdate: [messages.birthdateInvalid],
    });
    const taken = await updateProfile(token, { ...profileFields, email: 'ADMIN@colinas.test', rut: '12345678-5' });
    expect(taken.statusCode).toBe(422);
    expect(json<{ errors: object }>(taken).errors).toEqual({ email: [messages.emailTaken], rut: [messages.rutTaken] });
    // An email used in another college is free here.
    const elsewhere = await updateProfile(token, { ...profileFields, email: 'admin@british.test' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('accepts an avatar by its content and serves it with its type and nosniff', async () => {
    const token = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const response = await updateProfile(
      token,
      { ...profileFields, email: 'admin@colinas.test', rut: '12.345.678-5' },
      { field: 'avatar', filename: 'photo.bin', contentType: 'application/octet-stream', data: tinyPng },
    );
    expect(response.statusCode).toBe(200);
    const avatar = userSchema.parse(json(response)).avatar;
    expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
    const file = await server.app.inject({ method: 'GET', url: avatar!, headers: { host } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(tinyPng)).toBe(true);
    // Not served on another college's host.
    const elsewhere = await server.app.inject({ method: 'GET', url: avatar!, headers: { host: hostOf('british') } });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses an avatar that is not an image, whatever its name and declared type, and one over 2 MB', async () => {
    const token = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const fields = { ...profileFields, email: 'admin@colinas.test', rut: '12.345.678-5' };
    const before = (await me(token)).avatar;
    const text = await updateProfile(token, fields, {
      field: 'avatar',
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(text.statusCode).toBe(422);
    expect(json(text)).toEqual({ message: messages.avatarType, errors: { avatar: [messages.avatarType] } });
    const huge = Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const big = await updateProfile(token, fields, { field: 'avatar', filename: 'big.png', contentType: 'image/png', data: huge });
    expect(big.statusCode).toBe(422);
    expect(json(big)).toEqual({ message: messages.avatarSize, errors: { avatar: [messages.avatarSize] } });
    expect((await me(token)).avatar).toBe(before);
  });

  it('answers 4xx, not 500, for a broken multipart body', async () => {
    const token = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/update/profile',
      headers: { host, ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: messages.malformedBody });
  });

  it('requires a token to read or update the profile', async () => {
    const body = multipartBody(profileFields);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/update/profile',
      headers: { host, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ message: 'Unauthenticated.' });
  });

  it('changes the password: checks the current one, keeps this session and signs other devices out', async () => {
    const hostB = hostOf('british');
    const current = await signIn(server.app, hostB, { email: 'guardian@british.test' });
    const other = await signIn(server.app, hostB, { email: 'guardian@british.test' });
    const change = (payload: object) =>
      server.app.inject({ method: 'PUT', url: '/api/v1/users/update/password', headers: { host: hostB, ...bearer(current) }, payload });

    const wrong = await change({ current_password: 'not-it', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toEqual({ message: messages.currentPasswordWrong, errors: { current_password: [messages.currentPasswordWrong] } });
    const short = await change({ current_password: demoPassword, password: 'short', password_confirmation: 'short' });
    expect(json<{ errors: object }>(short).errors).toEqual({ password: [messages.passwordMin] });

    const done = await change({ current_password: demoPassword, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({ message: messages.passwordUpdated });

    const still = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host: hostB, ...bearer(current) } });
    expect(still.statusCode).toBe(200);
    const signedOut = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host: hostB, ...bearer(other) } });
    expect(signedOut.statusCode).toBe(401);
    await signIn(server.app, hostB, { email: 'guardian@british.test', password: 'brand-new-pass' });
    const old = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host: hostB },
      payload: { email: 'guardian@british.test', password: demoPassword },
    });
    expect(old.statusCode).toBe(422);
  });
});
