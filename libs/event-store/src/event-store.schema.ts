/**
 * Idempotent DDL for the event store. It is one multi-statement string, so a simple-protocol query runs it as
 * one implicit transaction; the advisory lock makes concurrent runs (two API instances starting together)
 * wait for each other instead of failing on CREATE ... IF NOT EXISTS races in the catalog.
 */
export const eventStoreSchemaSql = `
SELECT pg_advisory_xact_lock(hashtext('auction.event-store.schema'));

CREATE TABLE IF NOT EXISTS es_events (
  global_position bigserial PRIMARY KEY,
  stream_id text NOT NULL,
  stream_version int NOT NULL CHECK (stream_version > 0),
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT es_events_stream_version_unique UNIQUE (stream_id, stream_version)
);

-- readAll orders and pages by (transaction_id, global_position): this index serves both.
CREATE INDEX IF NOT EXISTS es_events_transaction_position_idx ON es_events (transaction_id, global_position);

-- One row per stream, the optimistic concurrency check: appends race on this row, not on es_events.
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id text PRIMARY KEY,
  version int NOT NULL CHECK (version >= 0)
);

-- Idempotency: a command id is claimed in the append's transaction, so a retried command appends nothing.
CREATE TABLE IF NOT EXISTS es_commands (
  command_id text PRIMARY KEY,
  stream_id text NOT NULL,
  first_position bigint,
  last_position bigint,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- Tamper evidence (ADR 0009): each event's sha256 chained to the previous event of its stream, and the stream's
-- newest hash kept on its es_streams row so an append chains without reading the stream. Nullable: rows written
-- before the chain existed get theirs from backfillEventHashes (a migration step), and verify reports any left.
ALTER TABLE es_events ADD COLUMN IF NOT EXISTS hash text;
ALTER TABLE es_streams ADD COLUMN IF NOT EXISTS last_hash text;

-- The log is append-only: corrections are new events, so updating or deleting one is a bug we refuse loudly.
CREATE OR REPLACE FUNCTION es_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'es_events is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE OR REPLACE TRIGGER es_events_append_only
  BEFORE UPDATE OR DELETE ON es_events
  FOR EACH ROW EXECUTE FUNCTION es_events_append_only();
`;
