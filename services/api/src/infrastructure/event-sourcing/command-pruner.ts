import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PostgresEventStore } from '@auction/event-store';

/** How long a client's idempotency key is remembered: a retry later than this appends again. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const COMMAND_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes `es_commands` rows older than IDEMPOTENCY_KEY_RETENTION_MS every hour (ADR 0020): they only answer retries.
 * One API process prunes at a time (a transaction-scoped advisory lock; the others skip that round).
 */
@Injectable()
export class CommandPruner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CommandPruner');
  private interval: NodeJS.Timeout | undefined;
  private pruning: Promise<unknown> | undefined;

  constructor(@Inject(PostgresEventStore) private readonly store: PostgresEventStore) {}

  onApplicationBootstrap(): void {
    this.interval = setInterval(() => this.tick(), COMMAND_PRUNE_INTERVAL_MS);
    this.interval.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.interval);
    this.interval = undefined;
    await this.pruning;
  }

  private tick(): void {
    if (this.pruning || !this.interval) return;
    this.pruning = this.prune()
      .catch((error: Error) => this.logger.warn(`pruning es_commands failed: ${error.message}`))
      .finally(() => (this.pruning = undefined));
  }

  /** Rows deleted, or null when another process holds the lock. */
  prune(now = Date.now()): Promise<number | null> {
    return this.store.withTransaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('auction.es-commands.prune')) AS locked`,
      );
      if (!rows[0]?.locked) return null;
      const deleted = await tx.query('DELETE FROM es_commands WHERE recorded_at < $1', [
        new Date(now - IDEMPOTENCY_KEY_RETENTION_MS),
      ]);
      return deleted.rowCount ?? 0;
    });
  }
}
