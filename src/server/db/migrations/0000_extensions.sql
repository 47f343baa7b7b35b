-- Custom migration: the extensions the data model needs. Both ship with PostgreSQL's contrib
-- and with PGlite (loaded in src/server/db/client.ts).
-- btree_gist: the bookings exclusion constraint mixes equality (space) and overlap (period).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- pg_trgm: typo-tolerant search on space names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
