import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthCoreModule } from './common/auth/auth-core.module.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { IdempotencyKeyInterceptor } from './common/http/idempotency-key.interceptor.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { GatewayModule } from './gateway/gateway.module.js';
import { DatabaseModule } from './infrastructure/database/database.module.js';
import { MetricsModule } from './infrastructure/metrics/metrics.module.js';
import { RedisModule } from './infrastructure/redis/redis.module.js';
import { featureModules } from './modules/index.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        DatabaseModule,
        MetricsModule,
        RedisModule,
        AuthCoreModule,
        RateLimitModule,
        GatewayModule,
        ...featureModules,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyKeyInterceptor },
      ],
    };
  }
}
