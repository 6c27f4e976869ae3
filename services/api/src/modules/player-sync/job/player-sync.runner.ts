import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlayerSyncProgress } from '@auction/contracts';
import { PlayerCatalogueWriter } from '../catalogue/player-catalogue.writer.js';
import { PlayerSyncRunsRepository } from '../catalogue/player-sync-runs.repository.js';
import { PLAYER_PROVIDER, ProviderError, type PlayerProvider } from '../providers/player-provider.js';
import { checkCatalogue } from '../providers/validate-records.js';
import type { PlayerSyncJobResult } from './player-sync.constants.js';
import { PlayerSyncProgressPublisher } from './player-sync-progress.publisher.js';

export type ProgressSink = (progress: PlayerSyncProgress) => Promise<unknown>;

const UNEXPECTED: Record<'fetching' | 'validating' | 'writing', string> = {
  fetching: 'unexpected error while fetching the players (see the server log)',
  validating: 'unexpected error while validating the players (see the server log)',
  writing: 'the players could not be written to the database (see the server log)',
};

/**
 * The body of one sync job: fetching → validating → writing → completed (or failed). Every step goes to admin
 * sockets and to the job's progress. Nothing is written unless the provider's whole answer passed validation, and
 * the write is one transaction, so a failure at any point leaves the pool as it was.
 */
@Injectable()
export class PlayerSyncRunner {
  private readonly logger = new Logger('PlayerSync');

  constructor(
    @Inject(PLAYER_PROVIDER) private readonly provider: PlayerProvider,
    @Inject(PlayerCatalogueWriter) private readonly writer: PlayerCatalogueWriter,
    @Inject(PlayerSyncRunsRepository) private readonly runs: PlayerSyncRunsRepository,
    @Inject(PlayerSyncProgressPublisher) private readonly progress: PlayerSyncProgressPublisher,
  ) {}

  get providerName(): string {
    return this.provider.name;
  }

  async run(jobId: string, signal: AbortSignal, sink?: ProgressSink): Promise<PlayerSyncJobResult> {
    const startedAt = Date.now();
    const provider = this.provider.name;
    const report = async (
      phase: PlayerSyncProgress['phase'],
      processed: number,
      total: number,
      message?: string,
    ) => {
      const progress: PlayerSyncProgress = { jobId, provider, phase, processed, total, message };
      this.progress.publish(progress);
      await sink?.(progress);
    };

    const runId = await this.runs.start(jobId, provider);
    let total = 0;
    let step: keyof typeof UNEXPECTED = 'fetching';
    try {
      await report('fetching', 0, 0, `Fetching players from ${provider}`);
      const fetched = await this.provider.fetchPlayers(signal);
      step = 'validating';
      await report('validating', 0, fetched.length, `Validating ${fetched.length} players`);
      const players = checkCatalogue(fetched, provider);
      total = players.length;
      step = 'writing';
      await report('writing', 0, total, `Writing ${total} players`);
      const written = await this.writer.upsert(players, (count) => report('writing', count, total));
      await this.runs.complete(runId, written);
      const result: PlayerSyncJobResult = {
        provider,
        ...written,
        updatedPlayers: written.total,
        durationMs: Date.now() - startedAt,
      };
      await report(
        'completed',
        total,
        total,
        `${total} players synced: ${written.inserted} new, ${written.updated} updated, ${written.unchanged} unchanged`,
      );
      this.logger.log(`Sync ${jobId} from ${provider}: ${JSON.stringify(result)}`);
      return result;
    } catch (error) {
      const reason = error instanceof ProviderError ? error.message : UNEXPECTED[step];
      if (error instanceof ProviderError)
        this.logger.warn(`Sync ${jobId} from ${provider} failed: ${reason}`);
      else this.logger.error(`Sync ${jobId} from ${provider} failed`, (error as Error).stack);
      await this.runs.fail(runId, reason).catch(() => undefined);
      await report('failed', 0, total, reason).catch(() => undefined);
      // BullMQ stores the message as the job's failedReason, which POST /players/sync answers.
      throw new Error(reason);
    }
  }
}
