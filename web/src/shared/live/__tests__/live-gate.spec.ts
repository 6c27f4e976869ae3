import { describe, expect, it } from '@jest/globals';
import { createLiveGate, versionOf } from '../live-gate.js';

const SUNDAY = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';
const OFFICE = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000002';
const at = (draftId: string, version: number | null, position: string | null = null) => ({
  draftId,
  version,
  position,
});

describe('live gate', () => {
  it('lets every event of one log event through once: same draft, version and name is a duplicate', () => {
    const gate = createLiveGate();
    expect(gate.accept('pickMade', at(SUNDAY, 7, '70'))).toBe(true);
    expect(gate.accept('playerAssigned', at(SUNDAY, 7, '70'))).toBe(true);
    expect(gate.accept('playerUpdated', at(SUNDAY, 7, '70'))).toBe(true);
    expect(gate.accept('pickMade', at(SUNDAY, 7, '70'))).toBe(false);
    expect(gate.accept('playerUpdated', at(SUNDAY, 7, '70'))).toBe(false);
    expect(gate.versionOf(SUNDAY)).toBe(7);
  });

  it('orders each draft by its own version, whatever the global positions say', () => {
    const gate = createLiveGate();
    expect(gate.accept('pickMade', at(SUNDAY, 7, '120'))).toBe(true);
    // Committed later with a lower global position: another draft, so it is new.
    expect(gate.accept('pickMade', at(OFFICE, 3, '110'))).toBe(true);
    expect(gate.accept('bidPlaced', at(SUNDAY, 8, '115'))).toBe(true);
    // Older than the newest of its draft: a late delivery, dropped; a newer version takes any name again.
    expect(gate.accept('bidPlaced', at(SUNDAY, 6, '200'))).toBe(false);
    expect(gate.accept('pickMade', at(SUNDAY, 9, '116'))).toBe(true);
    expect([gate.versionOf(SUNDAY), gate.versionOf(OFFICE)]).toEqual([9, 3]);
  });

  it('always lets events outside the log (no version or no draft) through, without moving', () => {
    const gate = createLiveGate();
    gate.accept('pickMade', at(SUNDAY, 5));
    expect(gate.accept('chatMessage', at(SUNDAY, null))).toBe(true);
    expect(gate.accept('chatMessage', at(SUNDAY, null))).toBe(true);
    expect(gate.accept('playerUpdated', { draftId: null, version: null, action: 'updated' })).toBe(true);
    expect(gate.versionOf(SUNDAY)).toBe(5);
  });

  it('reads only positive whole versions', () => {
    expect(versionOf({ version: 3 })).toBe(3);
    expect(versionOf({ version: '3' })).toBeNull();
    expect(versionOf({ version: 0 })).toBeNull();
    expect(versionOf({ version: 1.5 })).toBeNull();
    expect(versionOf(null)).toBeNull();
  });
});
