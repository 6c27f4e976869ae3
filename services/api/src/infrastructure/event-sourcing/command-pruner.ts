import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PostgresEventStore } from '@auction/event-store';
import { PeriodicLockedTask } from '../scheduling/periodic-locked-task.js';

/** How long a client's idempotency key is remembered: a retry later than this appends again. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const COMMAND_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes `es_commands` rows older than IDEMPOTENCY_KEY_RETENTION_MS every hour (ADR 0020): they only answer retries.
 * One API process prunes at a time (a transaction-scoped advisory lock; the others skip that round).
 */
@Injectable()
export class CommandPruner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicLockedTask<number>;

  constructor(@Inject(PostgresEventStore) store: PostgresEventStore) {
    this.task = new PeriodicLockedTask({
      what: 'pruning es_commands',
      intervalMs: COMMAND_PRUNE_INTERVAL_MS,
      lockKey: 'auction.es-commands.prune',
      transactions: store,
      run: async (tx, now) => {
        const deleted = await tx.query('DELETE FROM es_commands WHERE recorded_at < $1', [
          new Date(now - IDEMPOTENCY_KEY_RETENTION_MS),
        ]);
        return deleted.rowCount ?? 0;
      },
      logger: new Logger('CommandPruner'),
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Rows deleted, or null when another process holds the lock. */
  prune(now = Date.now()): Promise<number | null> {
    return this.task.runOnce(now);
  }
}
