import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core schema and each feature's own (server/<feature>/schema.ts): one history.
  schema: ['./server/db/schema.ts', './server/*/schema.ts'],
  out: './server/db/migrations',
});
