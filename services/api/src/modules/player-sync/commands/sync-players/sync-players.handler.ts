import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError } from '@auction/domain';
import { PlayerSyncProgressPublisher } from '../../job/player-sync-progress.publisher.js';
import { PLAYER_SYNC_WAIT_MS, SYNC_ALREADY_RUNNING } from '../../job/player-sync.constants.js';
import { PlayerSyncQueue } from '../../job/player-sync.queue.js';
import { PlayerSyncRunner } from '../../job/player-sync.runner.js';
import { SyncPlayersCommand, type SyncPlayersOutcome } from './sync-players.command.js';

@CommandHandler(SyncPlayersCommand)
export class SyncPlayersHandler implements ICommandHandler<SyncPlayersCommand> {
  private readonly logger = new Logger('PlayerSync');

  constructor(
    @Inject(PlayerSyncQueue) private readonly queue: PlayerSyncQueue,
    @Inject(PlayerSyncRunner) private readonly runner: PlayerSyncRunner,
    @Inject(PlayerSyncProgressPublisher) private readonly progress: PlayerSyncProgressPublisher,
  ) {}

  async execute({ admin }: SyncPlayersCommand): Promise<SyncPlayersOutcome> {
    let queued: Awaited<ReturnType<PlayerSyncQueue['enqueue']>>;
    try {
      // The friendly check; enqueue's deduplication is the atomic one when two requests pass it together.
      if (await this.queue.isBusy()) throw new ConflictError(SYNC_ALREADY_RUNNING);
      queued = await this.queue.enqueue({ requestedBy: admin.id });
    } catch (error) {
      if (error instanceof ConflictError) throw error;
      // Redis down or silent (the queue's client fails fast): say so now rather than hold the admin's request.
      this.logger.warn(`player sync not queued: ${(error as Error).message}`);
      return { status: 'unavailable' };
    }
    const { job, started } = queued;
    if (!started) throw new ConflictError(SYNC_ALREADY_RUNNING);

    const jobId = job.id!;
    const provider = this.runner.providerName;
    this.progress.publish({ jobId, provider, phase: 'queued', processed: 0, total: 0 });

    const outcome = await this.queue.waitFor(job, PLAYER_SYNC_WAIT_MS);
    switch (outcome.state) {
      case 'completed': {
        const { result } = outcome;
        return {
          status: 'completed',
          result: {
            jobId,
            status: 'completed',
            provider: result.provider,
            updatedPlayers: result.updatedPlayers,
            inserted: result.inserted,
            durationMs: result.durationMs,
          },
        };
      }
      case 'failed':
        return { status: 'failed', reason: outcome.reason };
      case 'running':
        return {
          status: 'running',
          result: {
            jobId,
            status: 'running',
            provider,
            updatedPlayers: null,
            inserted: null,
            durationMs: null,
          },
        };
    }
  }
}
