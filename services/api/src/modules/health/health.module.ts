import { Module } from '@nestjs/common';
import { GetHealthController } from './queries/get-health/get-health.controller.js';
import { GetHealthHandler } from './queries/get-health/get-health.handler.js';
import { GetStatusController } from './queries/get-status/get-status.controller.js';
import { GetStatusHandler } from './queries/get-status/get-status.handler.js';

@Module({
  controllers: [GetHealthController, GetStatusController],
  providers: [GetHealthHandler, GetStatusHandler],
})
export class HealthModule {}
