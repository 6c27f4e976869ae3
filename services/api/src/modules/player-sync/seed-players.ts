import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { PlayerCatalogueWriter } from './catalogue/player-catalogue.writer.js';
import { PlayerSyncRunsRepository } from './catalogue/player-sync-runs.repository.js';
import { BUNDLED_PROVIDER, loadBundledPlayers } from './providers/bundled-dataset.js';
import { checkCatalogue } from './providers/validate-records.js';

/**
 * With SEED_DEMO and an empty `players` table, loads the bundled dataset (whatever PLAYER_PROVIDER says: the seed
 * must work offline) through the same writer as the sync, without the queue, so a fresh start has a pool.
 * runSeed calls it under its advisory lock. Answers the number of players loaded.
 */
export async function seedPlayers(app: INestApplicationContext): Promise<number> {
  const config = app.get<AppConfig>(CONFIG);
  if (!config.seedDemo) return 0;
  const pool = app.get<Pool>(PG_POOL);
  const { rows } = await pool.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM players) AS seeded');
  if (rows[0]?.seeded) return 0;

  const players = checkCatalogue(await loadBundledPlayers(), BUNDLED_PROVIDER);
  const result = await app.get(PlayerCatalogueWriter).upsert(players);
  await app.get(PlayerSyncRunsRepository).recordFinished(BUNDLED_PROVIDER, result);
  new Logger('Seed').log(`Loaded ${result.inserted} players from the bundled dataset`);
  return result.inserted;
}
