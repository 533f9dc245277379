let persistenceAsked = false;

/**
 * Asks once per page that the browser keep this origin's storage under pressure (kept
 * documents and news are what a member relies on offline). The browser decides, often
 * silently; called when something is first kept.
 */
export function askPersistence(): void {
  const storage = globalThis.navigator?.storage;
  if (persistenceAsked || !storage?.persist) return;
  persistenceAsked = true;
  storage
    .persisted()
    .then((persisted) => persisted || storage.persist())
    .catch(() => undefined);
}
