import { BUNDLED_PLAYERS_CSV, BUNDLED_PROVIDER, loadBundledPlayers } from './bundled-dataset.js';
import type { PlayerProvider, ProviderPlayer } from './player-provider.js';

/** The dataset shipped in services/api/assets/players: the default, works offline, used by the demo seed. */
export class BundledPlayerProvider implements PlayerProvider {
  readonly name = BUNDLED_PROVIDER;

  constructor(private readonly csvUrl: URL = BUNDLED_PLAYERS_CSV) {}

  async fetchPlayers(signal: AbortSignal): Promise<ProviderPlayer[]> {
    signal.throwIfAborted();
    return loadBundledPlayers(this.csvUrl);
  }
}
