import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.module.js';
import type { CatalogueWriteResult } from './player-catalogue.writer.js';

export interface PlayerSyncRun {
  id: string;
  jobId: string | null;
  provider: string;
  status: 'running' | 'completed' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  inserted: number | null;
  updated: number | null;
  total: number | null;
  error: string | null;
}

/** History of syncs (`player_sync_runs`): the admin card and the stats summary's lastSyncedAt read it. */
@Injectable()
export class PlayerSyncRunsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Records a starting run. Only one sync runs at a time (the queue deduplicates), so a run still marked running
   * was cut off by a crash: it is closed as failed first.
   */
  async start(jobId: string | null, provider: string): Promise<string> {
    await this.pool.query(
      `UPDATE player_sync_runs SET status = 'failed', finished_at = now(), error = 'Interrupted (the API stopped)'
       WHERE status = 'running'`,
    );
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO player_sync_runs (job_id, provider, status) VALUES ($1, $2, 'running') RETURNING id`,
      [jobId, provider],
    );
    return rows[0]!.id;
  }

  /** The start-up seed writes without the queue; it is recorded as a finished run without a job. */
  async recordFinished(provider: string, result: CatalogueWriteResult): Promise<void> {
    await this.pool.query(
      `INSERT INTO player_sync_runs (job_id, provider, status, finished_at, inserted, updated, total)
       VALUES (NULL, $1, 'completed', now(), $2, $3, $4)`,
      [provider, result.inserted, result.updated, result.total],
    );
  }

  async complete(runId: string, result: CatalogueWriteResult): Promise<void> {
    await this.pool.query(
      `UPDATE player_sync_runs
       SET status = 'completed', finished_at = now(), inserted = $2, updated = $3, total = $4
       WHERE id = $1`,
      [runId, result.inserted, result.updated, result.total],
    );
  }

  async fail(runId: string, error: string): Promise<void> {
    await this.pool.query(
      `UPDATE player_sync_runs SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`,
      [runId, error],
    );
  }

  async latest(limit = 10): Promise<PlayerSyncRun[]> {
    const { rows } = await this.pool.query<PlayerSyncRun>(
      `SELECT id, job_id AS "jobId", provider, status, started_at AS "startedAt", finished_at AS "finishedAt",
              inserted, updated, total, error
       FROM player_sync_runs ORDER BY started_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      ...row,
      startedAt: new Date(row.startedAt).toISOString(),
      finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    }));
  }
}
