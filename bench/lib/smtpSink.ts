/**
 * An SMTP sink for the delivery-mail benchmark, in a process of its own (forked with an IPC
 * channel) so that receiving and counting mails never weighs on the CPU and memory measured
 * in the benchmark's process. `smtp-server` on 127.0.0.1:`port` (argv[2]): any sender, any
 * recipient, no authentication, no STARTTLS; each message's content is read to its end and
 * discarded, only counted (messages, bytes) with the moment the last one ended.
 *
 * The parent asks `{ type: 'wait', count, timeoutMs }`: the answer comes once `count`
 * messages have been received in all (or when the time is up), `{ type: 'count', count,
 * bytes, lastAt }`, `lastAt` in epoch milliseconds (performance.timeOrigin + now, comparable
 * across processes of one machine). It answers `{ type: 'ready', port }` once listening.
 */
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
if (!process.send || !Number.isInteger(port)) throw new Error('bench/lib/smtpSink.ts runs forked, with a port');
const send = process.send.bind(process);

let count = 0;
let bytes = 0;
let lastAt = 0;
const waiting: { count: number; timer: NodeJS.Timeout }[] = [];

const answer = () => send({ type: 'count', count, bytes, lastAt });
const settle = () => {
  for (let i = waiting.length - 1; i >= 0; i--) {
    if (count < waiting[i]!.count) continue;
    clearTimeout(waiting[i]!.timer);
    waiting.splice(i, 1);
    answer();
  }
};

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // A school's whole mail on a few pooled connections: no per-connection limit.
  maxClients: 100,
  onData(stream, _session, callback) {
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on('end', () => {
      count++;
      lastAt = performance.timeOrigin + performance.now();
      callback();
      settle();
    });
  },
});

process.on('message', (message: { type: string; count?: number; timeoutMs?: number }) => {
  if (message.type !== 'wait') return;
  const entry = {
    count: message.count ?? 0,
    timer: setTimeout(
      () => {
        waiting.splice(waiting.indexOf(entry), 1);
        answer();
      },
      Math.min(message.timeoutMs ?? 60_000, 600_000),
    ),
  };
  waiting.push(entry);
  settle();
});
process.on('disconnect', () => server.close(() => process.exit(0)));

server.listen(port, '127.0.0.1', () => send({ type: 'ready', port }));
