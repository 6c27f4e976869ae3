import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { opsFiguresSchema, type OpsFiguresData } from '@auction/contracts';
import { isConsumerRunning, readOpsAggregates, summariseFigures } from '@auction/ops-figures';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../../../../config/config.js';
import { PG_POOL } from '../../../../infrastructure/database/database.module.js';
import { AsyncProjections } from '../../../../infrastructure/event-sourcing/async-projections.js';
import { GetOpsFiguresQuery } from './get-ops-figures.query.js';

/**
 * Reads the ops consumer's tables directly (ADR 0012), with the same read and summary the consumer's own HTTP
 * endpoint uses (@auction/ops-figures). Tables the consumer never created read as zeros, so a deployment without
 * Kafka answers an empty, clearly labelled state instead of an error.
 */
@QueryHandler(GetOpsFiguresQuery)
export class GetOpsFiguresHandler implements IQueryHandler<GetOpsFiguresQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(AsyncProjections) private readonly asyncProjections: AsyncProjections,
  ) {}

  async execute(): Promise<OpsFiguresData> {
    const now = new Date();
    const { topic, relayName, kafkaEnabled } = this.config.ops;
    const [aggregates, projectionLag] = await Promise.all([
      readOpsAggregates(this.pool, { topic, relayName }, now),
      this.asyncProjections.lag(),
    ]);
    return opsFiguresSchema.parse({
      ...summariseFigures(aggregates, now),
      kafkaEnabled,
      consumerRunning: isConsumerRunning(aggregates, now),
      projectionLag,
    });
  }
}
