import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { PatioDb, databaseName } from './database';

const DbContext = createContext<PatioDb | null>(null);

/**
 * The signed-in user's local database (`patio-<college slug>-<user id>`) for the screens
 * below it. Mounted by the session integration (src/session/SignedInData.tsx) around the
 * signed-in app; a different user or college gets a different database (and connection).
 */
export function DbProvider({ collegeSlug, userId, children }: { collegeSlug: string; userId: string; children: ReactNode }) {
  const name = databaseName(collegeSlug, userId);
  return (
    <DbConnection key={name} name={name}>
      {children}
    </DbConnection>
  );
}

function DbConnection({ name, children }: { name: string; children: ReactNode }) {
  const [db] = useState(() => new PatioDb(name));
  // Closed when the signed-in app unmounts (sign-out deletes the database right after).
  // Auto-open stays on so React's development double effects find it usable again.
  useEffect(() => () => db.close({ disableAutoOpen: false }), [db]);
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}

export function useDb(): PatioDb {
  const db = useContext(DbContext);
  if (!db) throw new Error('useDb outside <DbProvider>');
  return db;
}
