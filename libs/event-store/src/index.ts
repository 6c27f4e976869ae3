export type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  ExpectedVersion,
  NewEvent,
  ReadAllResult,
  ReadStreamResult,
  RecordedEvent,
  SqlClient,
} from './event-store.types.js';
export { START, checkpointOf, compareCheckpoints } from './checkpoint.js';
export { WrongExpectedVersionError } from './wrong-expected-version.error.js';
export { UnstorableTextError } from './unstorable-text.error.js';
export { PostgresEventStore } from './postgres-event-store.js';
export { readCommittedLog } from './read-committed-log.js';
export { readAllIn } from './read-all-in.js';
export { appendInTransaction } from './append-in-transaction.js';
export {
  appendInOneStatement,
  type OneStatementAppend,
  type StatementWrites,
} from './append-in-one-statement.js';
export { eventStoreSchemaSql } from './event-store.schema.js';
export { createDatabaseIfMissing } from './create-database.js';
export { verifyStream, type VerifyResult } from './verify-stream.js';
export { backfillEventHashes, type BackfillResult } from './backfill-event-hashes.js';
export { eventHash, GENESIS_HASH, type HashedEventContent } from './event-hash.js';
export { canonicalJson, toJsonValue } from './canonical-json.js';
export { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './recorded-event.mapper.js';
