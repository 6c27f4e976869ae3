import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../../config/config.js';
import { BundledPlayerProvider } from './bundled-player.provider.js';
import { createPlayerProvider } from './player-provider.factory.js';
import { SleeperPlayerProvider } from './sleeper-player.provider.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe('PLAYER_PROVIDER and SLEEPER_BASE_URL', () => {
  it("default to the bundled dataset and Sleeper's public API", () => {
    const config = loadConfig({});
    expect(config.players).toEqual({ provider: 'bundled', sleeperBaseUrl: 'https://api.sleeper.app/v1' });
    expect(createPlayerProvider(config)).toBeInstanceOf(BundledPlayerProvider);
  });

  it('select Sleeper at a configured base URL (trailing slash dropped)', () => {
    const config = loadConfig({ PLAYER_PROVIDER: 'sleeper', SLEEPER_BASE_URL: 'http://127.0.0.1:4010/v1/' });
    expect(config.players).toEqual({ provider: 'sleeper', sleeperBaseUrl: 'http://127.0.0.1:4010/v1' });
    const provider = createPlayerProvider(config);
    expect(provider).toBeInstanceOf(SleeperPlayerProvider);
    expect(provider.name).toBe('sleeper');
  });

  it('are validated', () => {
    expect(problemsOf({ PLAYER_PROVIDER: 'espn', SLEEPER_BASE_URL: 'ftp://example.com' })).toEqual([
      'PLAYER_PROVIDER must be one of bundled, sleeper',
      'SLEEPER_BASE_URL must be a URL starting with http:// or https://',
    ]);
    expect(problemsOf({ SLEEPER_BASE_URL: 'not a url' })).toEqual([
      'SLEEPER_BASE_URL must be a URL starting with http:// or https://',
    ]);
  });
});
