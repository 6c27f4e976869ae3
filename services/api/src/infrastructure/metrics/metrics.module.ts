import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiMetrics } from './api-metrics.js';
import { CommandBusMetrics } from './command-bus-metrics.js';
import { LiveGauges } from './live-gauges.js';
import { MetricsController } from './metrics.controller.js';

/** Prometheus metrics (ADR 0014): global, so the write path and the timers can report into ApiMetrics. */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [MetricsController],
  providers: [ApiMetrics, CommandBusMetrics, LiveGauges],
  exports: [ApiMetrics],
})
export class MetricsModule {}
