export { PlayerSyncModule } from './player-sync.module.js';
export {
  PlayerCatalogueWriter,
  CATALOGUE_BATCH_SIZE,
  type CatalogueWriteResult,
} from './catalogue/player-catalogue.writer.js';
export { PlayerSyncRunsRepository, type PlayerSyncRun } from './catalogue/player-sync-runs.repository.js';
export {
  PLAYER_PROVIDER,
  SLEEPER_IDS,
  ProviderError,
  providerPlayerSchema,
  type PlayerProvider,
  type ProviderPlayer,
} from './providers/player-provider.js';
export { loadBundledPlayers, BUNDLED_PLAYERS_CSV } from './providers/bundled-dataset.js';
export { seedPlayers } from './seed-players.js';
