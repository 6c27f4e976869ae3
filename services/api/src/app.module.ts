import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { AuthCoreModule } from './common/auth/auth-core.module.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { GatewayModule } from './gateway/gateway.module.js';
import { DatabaseModule } from './infrastructure/database/database.module.js';
import { RedisModule } from './infrastructure/redis/redis.module.js';
import { featureModules } from './modules/index.js';

/** pino via nestjs-pino: pretty lines in development, JSON in production; tokens are never logged. */
function loggerModule(config: AppConfig): DynamicModule {
  const pretty = !config.isProduction && config.nodeEnv !== 'test' && config.logLevel !== 'silent';
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // One short line per request: method, URL, status and time (headers stay out of the log).
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
      // Health probes every few seconds would drown the log.
      autoLogging: { ignore: (request) => request.url === '/api/health' },
      transport: pretty
        ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l' } }
        : undefined,
    },
  });
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(config),
        CqrsModule.forRoot(),
        DatabaseModule,
        RedisModule,
        AuthCoreModule,
        RateLimitModule,
        GatewayModule,
        ...featureModules,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
