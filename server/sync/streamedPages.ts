import type { PullResponse, StreamedPage } from '../../contract/sync';

/** Changes in one `changes` event at most; a longer page says `hasMore` and the device pulls the rest. */
export const streamedPageLimit = 100;

export interface StreamedPagesOptions {
  /** The cursor the device is at, as it said when connecting; none: only pokes. */
  cursor: string | undefined;
  /** A pull from `cursor` for this stream's member (its viewer, the pulls' lane). */
  pull: (cursor: string) => Promise<PullResponse>;
  /** Writes an event to the stream. */
  send: (text: string) => void;
  onError: (error: unknown) => void;
}

/**
 * One device's event stream, sending what changed instead of a poke (docs/sync.md,
 * rule 5). The server keeps the cursor the device is at: the one it connected with, then
 * the end of each page it sent down the stream or answered to a pull naming the stream. On
 * a change for the member it sends the page a pull from that cursor answers, as a `changes`
 * event with the cursor it starts from; the device applies it only when that is its
 * cursor, so the rows it stores are exactly a pull's (rule 1), and pulls otherwise.
 * Anything else (no cursor known, a reset, a failed read) is a plain `poke`.
 *
 * Changes heard while a page is being read coalesce into one more page, read from the
 * first's end. A cursor that went stale meanwhile (the device pulled through another
 * process) costs one pull of the device, as a poke would.
 */
export class StreamedPages {
  private at: string | undefined;
  private reading = false;
  private again = false;

  constructor(private readonly options: StreamedPagesOptions) {
    this.at = options.cursor;
  }

  /** A change for this member was committed. */
  changed(): void {
    if (this.at === undefined) {
      this.poke();
      return;
    }
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.sendPages();
  }

  /** The device pulled up to `cursor` (a pull that named this stream). */
  pulled(cursor: string): void {
    this.at = cursor;
  }

  private poke(): void {
    this.options.send('event: poke\ndata: {}\n\n');
  }

  private async sendPages(): Promise<void> {
    try {
      do {
        this.again = false;
        const from = this.at;
        if (from === undefined) {
          this.poke();
          return;
        }
        let page: PullResponse;
        try {
          page = await this.options.pull(from);
        } catch (error) {
          this.options.onError(error);
          this.poke();
          return;
        }
        if (page.reset) {
          // The device's copy is of another audience: its own pull finds out and starts over.
          this.at = undefined;
          this.poke();
          return;
        }
        const event: StreamedPage = { from, page };
        this.options.send(`event: changes\ndata: ${JSON.stringify(event)}\n\n`);
        // A pull noted meanwhile is newer than this page's start, not necessarily than its end.
        if (this.at === from) this.at = page.cursor;
      } while (this.again);
    } finally {
      this.reading = false;
    }
  }
}
