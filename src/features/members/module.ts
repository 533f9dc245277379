import { defineDataModule } from '../../db/dataModule';

/**
 * The members module's data (docs/architecture.md, "Feature modules"): the college's members as synced
 * to administrators (entity `members`, contract/members.ts `memberRow`). Other roles'
 * devices receive none (the server's audience is `admins`), so the table stays empty there.
 * Loaded by the sync worker too: no React here; screens and labels are in ui.tsx.
 */

/** The row's contract: loaded by the sync worker when it first applies a member, not by the screens. */
const parser = () =>
  import('../../../contract/members').then(({ memberRow }) => (row: unknown) => {
    const parsed = memberRow.safeParse(row);
    return parsed.success ? parsed.data : null;
  });

let loading: ReturnType<typeof parser> | null = null;

export const membersData = defineDataModule({
  name: 'members',
  versions: {
    // The list reads every row at once and filters in memory (5,000 rows take a few ms);
    // `status` counts the sign-ups waiting on the home screen.
    9: { stores: { members: 'id, status, role' } },
  },
  entities: {
    members: {
      table: 'members',
      toLocal: () => {
        loading ??= parser().catch((error: unknown) => {
          loading = null;
          throw error;
        });
        return loading;
      },
    },
  },
});
