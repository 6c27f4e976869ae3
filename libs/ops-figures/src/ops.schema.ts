/**
 * The ops consumer's tables (idempotent DDL, run at its start-up). They are derived data: dropping them and
 * consuming the topic from the beginning rebuilds them.
 */
export const opsSchemaSql = `
SELECT pg_advisory_xact_lock(hashtext('auction.ops.schema'));

-- Per draft: status, the highest global position applied (the dedupe key) and the open auctions' clocks.
CREATE TABLE IF NOT EXISTS ops_drafts (
  draft_id text PRIMARY KEY,
  status text NOT NULL,
  last_position bigint NOT NULL,
  open_auctions jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS ops_bids (
  global_position bigint PRIMARY KEY,
  draft_id text NOT NULL,
  auction_id text NOT NULL,
  placed_at timestamptz NOT NULL,
  ms_before_deadline bigint,
  last_second boolean
);
CREATE INDEX IF NOT EXISTS ops_bids_placed_at_idx ON ops_bids (placed_at);

CREATE TABLE IF NOT EXISTS ops_auctions (
  auction_id text PRIMARY KEY,
  draft_id text NOT NULL,
  nominated_at timestamptz NOT NULL,
  completed_at timestamptz NOT NULL,
  duration_ms bigint NOT NULL
);

-- The consumer group's lag as last measured, one row per partition of the topic.
CREATE TABLE IF NOT EXISTS ops_consumer_lag (
  topic text NOT NULL,
  partition int NOT NULL,
  high_watermark bigint NOT NULL,
  committed_offset bigint,
  lag bigint NOT NULL,
  measured_at timestamptz NOT NULL,
  PRIMARY KEY (topic, partition)
);
`;
