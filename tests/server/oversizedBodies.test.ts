import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { backends, bearer, hostOf, multipartBody, signIn, startServer, type TestServer } from './harness';

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends requests one after another on one TCP connection, each body in chunks with pauses
 * (as a phone on a real network does), and reads each answer. A reset shows as an error.
 */
async function overOneConnection(port: number, requests: { head: string; body: Buffer }[]): Promise<Answer[]> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const reader = responseReader(socket);
  const answers: Answer[] = [];
  try {
    for (const { head, body } of requests) {
      const answer = reader.next();
      await write(socket, Buffer.from(`${head}Content-Length: ${body.length}\r\n\r\n`));
      for (let at = 0; at < body.length; at += 128 * 1024) {
        await write(socket, body.subarray(at, at + 128 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      answers.push(await answer);
    }
  } finally {
    socket.destroy();
  }
  return answers;
}

function write(socket: Socket, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => socket.write(chunk, (error) => (error ? reject(error) : resolve())));
}

/** Parses the answers arriving on a socket (Content-Length bodies only, which is all we send). */
function responseReader(socket: Socket) {
  let buffer = Buffer.alloc(0);
  let failure: Error | null = null;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('error', (error) => {
    failure = error;
    wake();
  });
  socket.on('close', () => {
    failure ??= new Error('connection closed');
    wake();
  });
  const parse = (): Answer | null => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const head = buffer.subarray(0, end).toString('latin1');
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return null;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(head.slice(9, 12)), body };
  };
  return {
    next: async (): Promise<Answer> => {
      for (;;) {
        const answer = parse();
        if (answer) return answer;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

/** One request with node's HTTP client, the whole body written at once. */
function nodeRequest(port: number, path: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': body.length } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const jsonOfMegabytes = (mb: number) => Buffer.from(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(mb * 1024 * 1024) }));
const tooLarge = { status: 413, body: JSON.stringify({ message: messages.payloadTooLarge }) };
const health = { status: 200, body: JSON.stringify({ status: 'ok' }) };

// Body handling does not depend on the database: PGlite only.
describe.each(backends.slice(0, 1))('bodies over the limits, on a real connection ($name)', (backend) => {
  let server: TestServer;
  let port = 0;
  let token = '';

  beforeAll(async () => {
    server = await startServer(backend);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
    token = await signIn(server.app, hostOf('colinas'), { email: 'staff@colinas.test' });
  });
  afterAll(() => server.close());

  it('answers 413 to JSON bodies of 2 and 4 MB sent in chunks, and the connection stays usable', async () => {
    const oversized = (mb: number) => ({
      head: 'POST /api/login-mobile HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n',
      body: jsonOfMegabytes(mb),
    });
    const healthCheck = { head: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', body: Buffer.alloc(0) };
    for (let round = 0; round < 3; round++) {
      expect(await overOneConnection(port, [oversized(2), healthCheck, oversized(4), oversized(2), healthCheck])).toEqual([
        tooLarge,
        health,
        tooLarge,
        tooLarge,
        health,
      ]);
    }
  });

  it('answers 401 to a stranger’s body of 2 MB without reading it, and the connection stays usable', async () => {
    const anonymous = { head: 'POST /api/v1/sync/push HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n', body: jsonOfMegabytes(2) };
    const healthCheck = { head: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', body: Buffer.alloc(0) };
    const unauthenticated = { status: 401, body: JSON.stringify({ message: messages.unauthenticated }) };
    expect(await overOneConnection(port, [anonymous, healthCheck, anonymous, healthCheck])).toEqual([unauthenticated, health, unauthenticated, health]);
  });

  it('answers 413 to JSON bodies of 2 and 4 MB from node http and fetch, every time', async () => {
    for (let round = 0; round < 4; round++) {
      for (const mb of [2, 4]) {
        // Signed in: a stranger is answered 401 before the body is read (its rest is dropped).
        expect(
          await nodeRequest(port, '/api/v1/sync/push', { 'content-type': 'application/json', host: 'localhost', ...bearer(token) }, jsonOfMegabytes(mb)),
        ).toEqual(tooLarge);
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/sync/push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: jsonOfMegabytes(mb),
        });
        expect({ status: response.status, body: await response.text() }).toEqual(tooLarge);
      }
    }
  });

  it('answers 413 to a multipart form over its limits sent in chunks, and the connection stays usable', async () => {
    const fields: Record<string, string> = {};
    for (let i = 0; i < 30; i++) fields[`field${i}`] = 'y'.repeat(100_000);
    const form = multipartBody(fields, { field: 'avatar', filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(3 * 1024 * 1024) });
    const head =
      'POST /api/v1/users/update/profile HTTP/1.1\r\nHost: localhost\r\n' +
      `Authorization: ${bearer(token).authorization}\r\nContent-Type: ${form.headers['content-type']}\r\n`;
    const healthCheck = { head: 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', body: Buffer.alloc(0) };
    for (let round = 0; round < 2; round++) {
      expect(await overOneConnection(port, [{ head, body: form.payload }, healthCheck, { head, body: form.payload }])).toEqual([tooLarge, health, tooLarge]);
    }
  });
});
