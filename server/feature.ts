import type { FastifyInstance } from 'fastify';
import type { AttachmentOwnerKind } from '../contract/attachments';
import { attachmentMutationHandlers } from './attachments/attachmentMutations';
import type { AttachmentOwner, AttachmentOwners } from './attachments/owners';
import type { PasswordSignInGate } from './auth/signInGate';
import type { AppContext } from './config';
import type { Database } from './db/client';
import type { DeliveryKind } from '../contract/delivery';
import type { Deliverable } from './delivery/deliverable';
import { deliveryJobs } from './delivery/jobs';
import { pendingDeliveryPushes } from './delivery/pushJob';
import type { SyncedEntity } from './sync/entity';
import { releaseJob } from './audience/release';
import type { Job } from './jobs';
import { compactionJob } from './sync/compaction';
import type { MutationHandler } from './sync/mutation';
import { upgradeRegistry, type MutationUpgrade, type UpgradeRegistry } from './sync/upgrades';
import type { Write } from './sync/writeInCollege';

/** A demo college as the core seed made it, for a feature's own demo rows. */
export interface SeededCollege {
  collegeId: string;
  slug: string;
  courses: { id: string; name: string }[];
  grades: { id: string; courseId: string; name: string }[];
  sections: { id: string; gradeId: string; name: string }[];
  /** `demoAccount`: the one account per role the README names (`admin@<slug>.test`…), which stories sign in as. */
  users: { id: string; role: string; name: string; firstLastname: string; demoAccount: boolean }[];
}

/** What the CLI says of a college it adds: its language, and its first administrator to invite (`--admin-email`). */
export interface NewCollege {
  language: string;
  firstAdmin?: { email: string; name: string; site: string };
}

/**
 * A feature as the core sees it (docs/architecture.md, "Feature modules"): its tables live in its own
 * `schema.ts`; the rest it declares here. The app lists the modules once
 * (server/features.ts); the sync core, the database layer and the jobs runner take them as
 * arguments and import no feature.
 */
export interface FeatureModule {
  name: string;
  /** Synced entities, in the order a page lists rows of the same change number. */
  entities?: readonly SyncedEntity[];
  /** Mutations devices may push (`<feature>.<verb>`). */
  mutations?: readonly MutationHandler[];
  /** How its mutations' arguments of older protocol versions become today's (server/sync/upgrades.ts). */
  upgrades?: readonly MutationUpgrade[];
  /** REST routes, for clients that do not sync. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /** Demo rows for a newly seeded demo college, in the seed's write. */
  seed?: (write: Write, college: SeededCollege) => Promise<void>;
  /** The rows a college added with the CLI starts with (server/cli/addCollege.ts), in one write. */
  newCollege?: (write: Write, college: NewCollege) => Promise<void>;
  /** Periodic work (server/jobs.ts). */
  jobs?: readonly Job[];
  /** Kinds of row that have attachments (server/attachments/owners.ts). */
  attachmentOwners?: readonly AttachmentOwner[];
  /** Kinds of item delivered to members by email, push and digest (server/delivery). */
  deliverables?: readonly Deliverable[];
  /** A step a password sign-in must pass before its session (server/auth/signInGate.ts). */
  passwordSignInGate?: PasswordSignInGate;
  /** Push messages of its own queue that are due and not sent yet (the `patio_push_pending` metric). */
  pendingPushes?: (db: Database, now: Date) => Promise<number>;
}

/** A queue of push messages, as the metrics read it. */
export interface PushQueue {
  name: string;
  pending: (db: Database, now: Date) => Promise<number>;
}

/** What the core needs of the modules, gathered once. */
export interface FeatureRegistry {
  modules: readonly FeatureModule[];
  entities: readonly SyncedEntity[];
  mutations: ReadonlyMap<string, MutationHandler>;
  upgrades: UpgradeRegistry;
  jobs: readonly Job[];
  attachmentOwners: AttachmentOwners;
  deliverables: ReadonlyMap<DeliveryKind, Deliverable>;
  passwordSignInGates: readonly PasswordSignInGate[];
  /** The delivery core's push queue and the modules' own (notifications push themselves). */
  pushQueues: readonly PushQueue[];
}

/**
 * The core's entities (the college's structure) first, then each module's; the modules'
 * mutations and the core's `attachments.remove`, for the owners the modules declare.
 */
export function buildRegistry(modules: readonly FeatureModule[], coreEntities: readonly SyncedEntity[]): FeatureRegistry {
  const entities = [...coreEntities, ...modules.flatMap((m) => m.entities ?? [])];
  const attachmentOwners = new Map<AttachmentOwnerKind, AttachmentOwner>();
  for (const owner of modules.flatMap((m) => m.attachmentOwners ?? [])) {
    if (attachmentOwners.has(owner.kind)) throw new Error(`two modules declare the attachment owner ${owner.kind}`);
    attachmentOwners.set(owner.kind, owner);
  }
  const mutations = new Map<string, MutationHandler>();
  for (const handler of [...modules.flatMap((m) => m.mutations ?? []), ...attachmentMutationHandlers(attachmentOwners)]) {
    if (mutations.has(handler.name)) throw new Error(`two modules define the mutation ${handler.name}`);
    mutations.set(handler.name, handler);
  }
  const names = new Set<string>();
  for (const entity of entities) {
    if (names.has(entity.name)) throw new Error(`two modules define the synced entity ${entity.name}`);
    names.add(entity.name);
  }
  const deliverables = new Map<DeliveryKind, Deliverable>();
  for (const deliverable of modules.flatMap((m) => m.deliverables ?? [])) {
    if (deliverables.has(deliverable.kind)) throw new Error(`two modules deliver ${deliverable.kind}`);
    deliverables.set(deliverable.kind, deliverable);
  }
  const jobs = [releaseJob(entities), compactionJob(entities), ...deliveryJobs(deliverables), ...modules.flatMap((m) => m.jobs ?? [])];
  const passwordSignInGates = modules.flatMap((m) => (m.passwordSignInGate ? [m.passwordSignInGate] : []));
  const upgrades = upgradeRegistry(modules.flatMap((m) => m.upgrades ?? []));
  for (const name of upgrades.keys()) if (!mutations.has(name)) throw new Error(`an upgrade of ${name}, which no module defines`);
  const pushQueues: PushQueue[] = [
    { name: 'delivery', pending: pendingDeliveryPushes },
    ...modules.flatMap((m) => (m.pendingPushes ? [{ name: m.name, pending: m.pendingPushes }] : [])),
  ];
  return { modules, entities, mutations, upgrades, jobs, attachmentOwners, deliverables, passwordSignInGates, pushQueues };
}
