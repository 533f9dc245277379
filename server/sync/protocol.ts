import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { syncProtocol, syncProtocolHeader, syncProtocolVersion, type ProtocolMalformed, type ProtocolUnsupported } from '../../contract/sync';

/** The version each sync request was read as, once `checkProtocol` let it through. */
const versions = new WeakMap<FastifyRequest, number>();

/**
 * The sync routes' first hook (docs/sync.md, "Versions"): reads `Patio-Sync-Protocol`. No
 * header is the oldest version served (apps from before the header keep syncing); a value
 * that is not a version answers 400; a version outside `oldestServed`…`current` answers 426,
 * the same for a device too old and one newer than this server.
 */
export function checkProtocol(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const raw = request.headers[syncProtocolHeader.toLowerCase()];
  if (raw === undefined) {
    versions.set(request, syncProtocol.oldestServed);
    done();
    return;
  }
  const parsed = syncProtocolVersion.safeParse(raw);
  if (!parsed.success) {
    const body: ProtocolMalformed = { code: 'protocol_malformed', message: messages.invalidData };
    void reply.code(400).send(body);
    return;
  }
  if (parsed.data < syncProtocol.oldestServed || parsed.data > syncProtocol.current) {
    const body: ProtocolUnsupported = { code: 'protocol_unsupported', current: syncProtocol.current, oldest_served: syncProtocol.oldestServed };
    void reply.code(426).send(body);
    return;
  }
  versions.set(request, parsed.data);
  done();
}

/** The protocol version of a request `checkProtocol` let through. */
export function protocolOf(request: FastifyRequest): number {
  return versions.get(request) ?? syncProtocol.oldestServed;
}
