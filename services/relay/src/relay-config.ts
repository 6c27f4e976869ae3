import { readKafkaSettings, type KafkaSettings } from '@auction/kafka';
import { DEFAULT_MAX_REQUEST_BYTES } from './event-publisher.js';

export interface RelayConfig {
  databaseUrl: string;
  kafka: KafkaSettings;
  /** Names the checkpoint row (and the leader lock), so two relays to different topics can share a database. */
  name: string;
  batchSize: number;
  /** At most this many bytes of records in one produce request (RELAY_MAX_REQUEST_BYTES, default 1,000,000). */
  maxRequestBytes: number;
  pollIntervalMs: number;
  requestTimeoutMs: number;
  /** GET /metrics for Prometheus on this port (RELAY_METRICS_PORT, default 3101; 0 turns it off). */
  metrics: { port: number; host: string };
}

export const DEFAULT_RELAY_METRICS_PORT = 3101;

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/auction_draft';

/** Every setting from the environment; a bad value stops the relay with a message naming the variable. */
export function readRelayConfig(env: NodeJS.ProcessEnv): RelayConfig {
  return {
    databaseUrl: env['DATABASE_URL']?.trim() || DEFAULT_DATABASE_URL,
    kafka: readKafkaSettings(env, 'auction-relay'),
    name: env['RELAY_NAME']?.trim() || 'draft-events',
    batchSize: positiveInteger(env, 'RELAY_BATCH_SIZE', 500),
    maxRequestBytes: positiveInteger(env, 'RELAY_MAX_REQUEST_BYTES', DEFAULT_MAX_REQUEST_BYTES),
    pollIntervalMs: positiveInteger(env, 'RELAY_POLL_MS', 200),
    requestTimeoutMs: positiveInteger(env, 'KAFKA_REQUEST_TIMEOUT_MS', 30_000),
    metrics: {
      port: portNumber(env, 'RELAY_METRICS_PORT', DEFAULT_RELAY_METRICS_PORT),
      host: env['RELAY_METRICS_HOST']?.trim() || '0.0.0.0',
    },
  };
}

export function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new TypeError(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function portNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > 65_535)
    throw new TypeError(`${name} must be a port number from 0 (off) to 65535, got "${raw}"`);
  return value;
}
