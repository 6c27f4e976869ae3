import type { LoggerService } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '../../config/config.js';

/**
 * One pino logger for Nest's own messages and for HTTP requests: pretty lines in development, JSON in production;
 * tokens are never logged. (nestjs-pino did this before, but its current major needs Node 22 and we run on 20.)
 */
export function createRootLogger(config: AppConfig): Logger {
  const pretty = !config.isProduction && config.nodeEnv !== 'test' && config.logLevel !== 'silent';
  return pino({
    level: config.logLevel,
    transport: pretty
      ? {
          target: 'pino-pretty',
          options: {
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss.l',
            ignore: 'pid,hostname,context',
            messageFormat: '{if context}[{context}] {end}{msg}',
          },
        }
      : undefined,
  });
}

/** Nest's `Logger` calls pass the context (class name) as the last argument; pino gets it as a field. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: pino.Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = typeof rest.at(-1) === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    // Nest's error(message, stack, context): keep the stack as a field, not as part of the message.
    if (level === 'error' || level === 'fatal') {
      const stack = rest.find((param) => typeof param === 'string');
      if (stack) fields['stack'] = stack;
    }
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}

/** One short line per request: method, URL, status and time (headers stay out of the log). */
export function httpRequestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    // Health probes and Prometheus scrapes every few seconds would drown the log.
    autoLogging: { ignore: (request) => request.url === '/api/health' || request.url === '/metrics' },
  }) as RequestHandler;
}
