/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body (fetch + reader: EventSource cannot send the Bearer
 * header) and calls `onEvent` per event. Resolves when the stream ends; rejects on a read
 * error or when nothing (not even a comment/heartbeat) arrives for `idleMs`.
 */
export async function readServerSentEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ServerSentEvent) => void, idleMs: number): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleMs);
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0 || event !== '') onEvent({ event: event || 'message', data: data.join('\n') });
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const rawValue = colon === -1 ? '' : line.slice(colon + 1);
        const fieldValue = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
        if (field === 'event') event = fieldValue;
        else if (field === 'data') data.push(fieldValue);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('event stream idle')), ms);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } finally {
    clearTimeout(timer);
  }
}
