export {
  LAST_SECONDS_MS,
  summariseFigures,
  computeConsumerLag,
  isConsumerRunning,
  CONSUMER_STALE_AFTER_MS,
  type OpsAggregates,
  type OpsFigures,
  type PartitionLag,
  type RelayPosition,
} from './ops-figures.js';
export {
  readOpsAggregates,
  readRelayPosition,
  opsTablesExist,
  emptyOpsAggregates,
  SERIES_MINUTES,
  type Queryable,
} from './read-ops-aggregates.js';
export { opsSchemaSql } from './ops.schema.js';
