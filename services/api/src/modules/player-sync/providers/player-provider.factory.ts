import type { AppConfig } from '../../../config/config.js';
import { BundledPlayerProvider } from './bundled-player.provider.js';
import type { PlayerProvider } from './player-provider.js';
import { SleeperPlayerProvider } from './sleeper-player.provider.js';

/** PLAYER_PROVIDER=bundled (default) or sleeper (SLEEPER_BASE_URL). */
export function createPlayerProvider(config: Pick<AppConfig, 'players'>): PlayerProvider {
  switch (config.players.provider) {
    case 'sleeper':
      return new SleeperPlayerProvider({ baseUrl: config.players.sleeperBaseUrl });
    case 'bundled':
      return new BundledPlayerProvider();
  }
}
