import type { FastifyReply, FastifyRequest } from 'fastify';

/** Past this, an unread body is not worth reading: the connection is closed instead. */
export const drainLimitBytes = 32 * 1024 * 1024;
/** A client that stops sending in the middle of its body does not hold the socket longer. */
export const drainTimeoutMs = 30_000;

/**
 * Called before an error answer: when the request's body was not read to its end (a body
 * over the limit is refused from its Content-Length, a multipart form stops at its first
 * part over a limit), reads and drops the rest, so the answer arrives and the connection
 * stays usable. Fastify would close it instead (`connection: close`); closing a socket with
 * unread bytes makes the kernel send a reset, which often reaches the client before it has
 * read the answer, so a device saw a network error (and retried forever) instead of 413.
 */
export function dropUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  if (Number(raw.headers['content-length']) > drainLimitBytes) {
    reply.header('connection', 'close');
    return;
  }
  reply.removeHeader('connection');
  let dropped = 0;
  const giveUp = () => raw.destroy();
  const timer = setTimeout(giveUp, drainTimeoutMs);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > drainLimitBytes) giveUp();
  });
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
