import { describe, expect, it } from '@jest/globals';
import { loadBundledPlayers } from './bundled-dataset.js';
import { NFL_TEAM_NAMES } from './nfl-teams.js';

describe('NFL_TEAM_NAMES', () => {
  it('names the 32 teams exactly as the bundled dataset names their defenses', async () => {
    const defenses = (await loadBundledPlayers()).filter((player) => player.position === 'DEF');
    expect(defenses).toHaveLength(32);
    expect(Object.keys(NFL_TEAM_NAMES)).toHaveLength(32);
    for (const defense of defenses) {
      expect([defense.providerId, NFL_TEAM_NAMES[defense.team ?? '']]).toEqual([defense.team, defense.name]);
    }
  });
});
