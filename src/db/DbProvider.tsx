import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { DataModule } from './dataModule';
import { PatioDb, databaseName } from './database';

const DbContext = createContext<PatioDb | null>(null);

export interface DbProviderProps {
  collegeSlug: string;
  userId: string;
  /** The data modules (src/registry/dataModules.ts), handed down by the app. */
  modules: readonly DataModule[];
  children: ReactNode;
}

/**
 * The signed-in user's local database (`patio-<college slug>-<user id>`) for the screens
 * below it. Mounted by the session integration (src/session/SignedInData.tsx) around the
 * signed-in app; a different user or college gets a different database (and connection).
 */
export function DbProvider({ collegeSlug, userId, modules, children }: DbProviderProps) {
  const name = databaseName(collegeSlug, userId);
  return (
    <DbConnection key={name} name={name} modules={modules}>
      {children}
    </DbConnection>
  );
}

/** The database of the mounted signed-in app, for route loaders (they run outside React). */
let mounted: PatioDb | null = null;

/** The signed-in app's database while it is mounted; null before and after. */
export function mountedDb(): PatioDb | null {
  return mounted;
}

function DbConnection({ name, modules, children }: { name: string; modules: readonly DataModule[]; children: ReactNode }) {
  const [db] = useState(() => new PatioDb(name, modules));
  // Closed when the signed-in app unmounts (sign-out deletes the database right after).
  // Auto-open stays on so React's development double effects find it usable again.
  useEffect(() => {
    mounted = db;
    return () => {
      if (mounted === db) mounted = null;
      db.close({ disableAutoOpen: false });
    };
  }, [db]);
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}

export function useDb(): PatioDb {
  const db = useContext(DbContext);
  if (!db) throw new Error('useDb outside <DbProvider>');
  return db;
}
