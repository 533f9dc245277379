import { syncProtocol } from '../../contract/sync';

/**
 * One step of a mutation's history (docs/sync.md, "Versions"): turns the arguments a device
 * of version `from` pushed into the shape of version `from + 1`. It gets what the device sent,
 * unchecked, and must leave arguments already of the newer shape as they are: a device
 * without the protocol header is read as the oldest version served, whatever it sends.
 */
export interface MutationUpgrade {
  name: string;
  from: number;
  upgrade: (args: unknown) => unknown;
}

/** The upgrades of every mutation, by name and then by the version they start from. */
export type UpgradeRegistry = ReadonlyMap<string, ReadonlyMap<number, MutationUpgrade['upgrade']>>;

/** The registry of the modules' upgrades; two for one step, or one for a version not served, is a bug. */
export function upgradeRegistry(list: readonly MutationUpgrade[]): UpgradeRegistry {
  const registry = new Map<string, Map<number, MutationUpgrade['upgrade']>>();
  for (const { name, from, upgrade } of list) {
    if (!Number.isInteger(from) || from < syncProtocol.oldestServed || from >= syncProtocol.current) {
      throw new Error(`the upgrade of ${name} from version ${from} is for a version not served`);
    }
    const steps = registry.get(name) ?? new Map<number, MutationUpgrade['upgrade']>();
    if (steps.has(from)) throw new Error(`two upgrades of ${name} from version ${from}`);
    steps.set(from, upgrade);
    registry.set(name, steps);
  }
  return registry;
}

/** A mutation's arguments as version `from` sent them, upgraded step by step to the current version. */
export function upgradeArgs(registry: UpgradeRegistry, name: string, from: number, args: unknown): unknown {
  const steps = registry.get(name);
  if (!steps) return args;
  let upgraded = args;
  for (let version = from; version < syncProtocol.current; version++) {
    const step = steps.get(version);
    if (step) upgraded = step(upgraded);
  }
  return upgraded;
}

/** `args` as an object of fields to rewrite, or null when it is none (the schema refuses it later). */
export function fieldsOf(args: unknown): Record<string, unknown> | null {
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : null;
}
