import { describe, expect, it } from '@jest/globals';
import { toSyncOutcome } from '../api/sync-players.api.js';
import { lastSyncedText, syncCompletedToast, syncProgressText } from '../player-sync-text.js';

const NOW = Date.parse('2025-09-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('Sync Players texts', () => {
  it('words the success toast as the spec does', () => {
    expect(syncCompletedToast(573)).toBe('Player sync completed: 573 players updated');
  });

  it('says when the pool was last synced', () => {
    expect(lastSyncedText(null, NOW)).toBe('Never synced');
    expect(lastSyncedText(ago(20_000), NOW)).toBe('Last synced just now');
    expect(lastSyncedText(ago(60_000), NOW)).toBe('Last synced 1 minute ago');
    expect(lastSyncedText(ago(3 * 3_600_000 + 60_000), NOW)).toBe('Last synced 3 hours ago');
    expect(lastSyncedText(ago(30 * 3_600_000), NOW)).toBe('Last synced yesterday');
    expect(lastSyncedText('2025-01-02T10:00:00.000Z', NOW)).toBe('Last synced Jan 2, 2025');
  });

  it('describes the progress of each phase', () => {
    const base = { jobId: 'j', provider: 'sleeper', processed: 0, total: 0 } as const;
    expect(syncProgressText(null)).toBe('Starting player sync');
    expect(syncProgressText({ ...base, phase: 'queued' })).toBe('Waiting to start');
    expect(syncProgressText({ ...base, phase: 'writing', processed: 1500, total: 3000 })).toBe(
      'Saving players: 1,500 of 3,000',
    );
  });

  it('reads the sync answer: completed with its count, or running with its job id', () => {
    expect(
      toSyncOutcome({
        jobId: 'a',
        status: 'completed',
        provider: 'bundled',
        updatedPlayers: 12,
        inserted: 0,
        durationMs: 40,
      }),
    ).toEqual({ status: 'completed', jobId: 'a', updatedPlayers: 12 });
    expect(toSyncOutcome({ jobId: 'b', status: 'running', updatedPlayers: null })).toEqual({
      status: 'running',
      jobId: 'b',
    });
    // The contract only promises data.updatedPlayers (docs/product.md §7.4 (Players) lists what the server sends).
    expect(toSyncOutcome({ updatedPlayers: 7 })).toEqual({
      status: 'completed',
      jobId: null,
      updatedPlayers: 7,
    });
  });
});
