import { readKafkaSettings, type KafkaSettings } from '@auction/kafka';

export interface OpsConfig {
  databaseUrl: string;
  kafka: KafkaSettings;
  groupId: string;
  /** The relay's checkpoint name, to measure relay lag. */
  relayName: string;
  host: string;
  port: number;
  lagIntervalMs: number;
}

/** Every setting from the environment; a bad value stops the consumer with a message naming the variable. */
export function readOpsConfig(env: NodeJS.ProcessEnv): OpsConfig {
  return {
    databaseUrl: env['DATABASE_URL']?.trim() || 'postgres://postgres@127.0.0.1:5432/auction_draft',
    kafka: readKafkaSettings(env, 'auction-ops'),
    groupId: env['OPS_GROUP_ID']?.trim() || 'ops-figures',
    relayName: env['RELAY_NAME']?.trim() || 'draft-events',
    host: env['OPS_HOST']?.trim() || '0.0.0.0',
    port: integer(env, 'OPS_PORT', 3100, 0),
    lagIntervalMs: integer(env, 'OPS_LAG_INTERVAL_MS', 5_000, 1),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > 65_535_000) {
    throw new TypeError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  }
  return value;
}
