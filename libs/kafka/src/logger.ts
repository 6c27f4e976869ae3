import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };
export type LogLevel = LevelWithSilent;

const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * pino, as in the API: one JSON object per line on stdout (level, time, name, msg, fields), so one log pipeline
 * reads every process. LOG_LEVEL picks the threshold; an unknown value means info rather than a crash at start-up.
 */
export function createLogger(name: string, level = process.env['LOG_LEVEL'] ?? 'info'): Logger {
  const threshold = level.trim().toLowerCase();
  return pino({ name, level: LEVELS.includes(threshold) ? threshold : 'info' });
}
