import { readFileSync } from 'node:fs';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StatusData } from '@auction/contracts';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../../../../config/config.js';
import { PG_POOL } from '../../../../infrastructure/database/database.module.js';
import { AsyncProjections } from '../../../../infrastructure/event-sourcing/async-projections.js';
import { GetStatusQuery } from './get-status.query.js';

// services/api/{src,dist}/modules/health/queries/get-status → services/api/package.json
const VERSION = (
  JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

interface CountsRow {
  users: number;
  teams: number;
  drafts: number;
  active_drafts: number;
  completed_drafts: number;
  events: number;
  last_position: string;
}

/**
 * Counts for the status page. The league tables may not exist yet (their migration comes later, or a test
 * database has only the core schema), so each is counted only if `to_regclass` finds it; deleted rows
 * (deleted_at set) are not counted.
 */
@QueryHandler(GetStatusQuery)
export class GetStatusHandler implements IQueryHandler<GetStatusQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(AsyncProjections) private readonly asyncProjections: AsyncProjections,
  ) {}

  async execute(): Promise<StatusData> {
    const { rows: tables } = await this.pool.query<{ teams: boolean; drafts: boolean }>(
      `SELECT to_regclass('teams') IS NOT NULL AS teams, to_regclass('drafts') IS NOT NULL AS drafts`,
    );
    const has = tables[0]!;
    const { rows } = await this.pool.query<CountsRow>(`
      SELECT
        (SELECT count(*)::int FROM users) AS users,
        ${has.teams ? '(SELECT count(*)::int FROM teams WHERE deleted_at IS NULL)' : '0'} AS teams,
        ${has.drafts ? '(SELECT count(*)::int FROM drafts WHERE deleted_at IS NULL)' : '0'} AS drafts,
        ${has.drafts ? `(SELECT count(*)::int FROM drafts WHERE deleted_at IS NULL AND status = 'active')` : '0'}
          AS active_drafts,
        ${has.drafts ? `(SELECT count(*)::int FROM drafts WHERE deleted_at IS NULL AND status = 'completed')` : '0'}
          AS completed_drafts,
        (SELECT count(*)::int FROM es_events) AS events,
        (SELECT coalesce(max(global_position), 0) FROM es_events) AS last_position`);
    const row = rows[0]!;
    return {
      version: VERSION,
      environment: this.config.nodeEnv,
      uptimeSeconds: Math.round(process.uptime()),
      serverTime: new Date().toISOString(),
      counts: {
        users: row.users,
        teams: row.teams,
        drafts: row.drafts,
        activeDrafts: row.active_drafts,
        completedDrafts: row.completed_drafts,
      },
      eventLog: { events: row.events, lastPosition: Number(row.last_position) },
      projections: await this.asyncProjections.lag(),
    };
  }
}
