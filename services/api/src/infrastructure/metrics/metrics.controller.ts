import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/index.js';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { ApiMetrics } from './api-metrics.js';

export const METRICS_TOKEN_REQUIRED = 'Metrics need the METRICS_TOKEN bearer token';

/**
 * GET /metrics (outside /api, where Prometheus looks by default) in Prometheus' text format. Open like most
 * exporters unless METRICS_TOKEN is set; then a scrape must send `Authorization: Bearer <METRICS_TOKEN>`.
 * Public to the JWT guard: Prometheus has no user account.
 */
@ApiExcludeController()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const token = this.config.metrics.token;
    if (token !== null && !bearerMatches(authorization, token)) {
      throw new UnauthorizedException(METRICS_TOKEN_REQUIRED);
    }
    const text = await this.metrics.exposition();
    response.setHeader('Content-Type', this.metrics.contentType);
    response.setHeader('Cache-Control', 'no-store');
    return text;
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
