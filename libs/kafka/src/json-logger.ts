const LEVELS = { error: 50, warn: 40, info: 30, debug: 20 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

/**
 * One JSON object per line on stdout (level, time, name, msg, fields), the shape pino writes for the API, so
 * one log pipeline reads all processes. LOG_LEVEL picks the threshold; unknown values mean info.
 */
export function createLogger(name: string, level = process.env['LOG_LEVEL'] ?? 'info'): Logger {
  const threshold = LEVELS[level as LogLevel] ?? LEVELS.info;
  const write =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[at] < threshold) return;
      process.stdout.write(
        `${JSON.stringify({ level: LEVELS[at], time: Date.now(), name, msg: message, ...fields })}\n`,
      );
    };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}
