import { Module } from '@nestjs/common';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { PlayerCatalogueWriter } from './catalogue/player-catalogue.writer.js';
import { PlayerSyncRunsRepository } from './catalogue/player-sync-runs.repository.js';
import { SyncPlayersController } from './commands/sync-players/sync-players.controller.js';
import { SyncPlayersHandler } from './commands/sync-players/sync-players.handler.js';
import { PlayerSyncProgressPublisher } from './job/player-sync-progress.publisher.js';
import { PlayerSyncQueue } from './job/player-sync.queue.js';
import { PlayerSyncRunner } from './job/player-sync.runner.js';
import { createPlayerProvider } from './providers/player-provider.factory.js';
import { PLAYER_PROVIDER } from './providers/player-provider.js';

/**
 * The player catalogue's provider sync: PLAYER_PROVIDER (bundled dataset or Sleeper), the `player-sync` BullMQ
 * queue and worker, POST /players/sync, and PlayerCatalogueWriter (the upsert, also used by the seed).
 */
@Module({
  controllers: [SyncPlayersController],
  providers: [
    {
      provide: PLAYER_PROVIDER,
      useFactory: (config: AppConfig) => createPlayerProvider(config),
      inject: [CONFIG],
    },
    PlayerCatalogueWriter,
    PlayerSyncRunsRepository,
    PlayerSyncProgressPublisher,
    PlayerSyncRunner,
    PlayerSyncQueue,
    SyncPlayersHandler,
  ],
  exports: [PlayerCatalogueWriter, PlayerSyncRunsRepository, PLAYER_PROVIDER],
})
export class PlayerSyncModule {}
