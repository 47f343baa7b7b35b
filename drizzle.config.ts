import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema. They are applied from code
// (src/server/db/migrate.ts), never by drizzle-kit, so PGlite and PostgreSQL migrate alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
