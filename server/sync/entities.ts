import { categoryEntity, postEntity } from '../posts/postEntities';
import type { SyncedEntity } from './entity';
import { referenceEntities } from './referenceEntities';

/**
 * Every synced entity (contract/sync.ts `syncedEntities` names them for devices). A new one
 * is its `defineEntity` here and its handlers in server/sync/mutations.ts.
 */
export const syncedEntities: readonly SyncedEntity[] = [...referenceEntities, categoryEntity, postEntity];
