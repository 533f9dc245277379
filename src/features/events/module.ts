import { defineDataModule } from '../../db/dataModule';

/**
 * The events module's data (docs/architecture.md, "Feature modules"): its tables, synced entity
 * and background mutation.
 * Loaded by the sync worker too: no React here. Its screens, routes, navigation and outbox
 * labels are in ui.tsx.
 */

/** The row's contract and the local fields: loaded by the sync worker, not by the screens. */
const parser = () =>
  Promise.all([import('../../../contract/events'), import('./localEvent')]).then(([{ event }, { toLocalEvent }]) => (row: unknown) => {
    const parsed = event.safeParse(row);
    return parsed.success ? (toLocalEvent(parsed.data) as unknown as Record<string, unknown>) : null;
  });

let loading: ReturnType<typeof parser> | null = null;

export const eventsData = defineDataModule({
  name: 'events',
  versions: {
    5: { stores: { events: 'id, *_months' } },
    // The events whose details this member opened (eventViews.ts), for the delivery report's "seen".
    15: { stores: { viewedEvents: 'event_id' } },
  },
  entities: {
    events: {
      table: 'events',
      // Shape 2: rows carry their attachments (older apps dropped the field).
      shape: 2,
      toLocal: () => {
        loading ??= parser().catch((error: unknown) => {
          loading = null;
          throw error;
        });
        return loading;
      },
    },
  },
  // Opening an event is not the member's change (docs/sync.md, "Views are not changes").
  backgroundMutations: ['events.view'],
});
