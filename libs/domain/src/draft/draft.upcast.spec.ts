import { describe, expect, it } from '@jest/globals';
import { DEFAULT_DRAFT_SETTINGS } from '../rules/limits.js';
import { draftDecider } from './draft.decider.js';
import { DRAFT_EVENT_TYPES, type DraftEvent } from './draft.events.js';
import { foldDraft } from './draft.state.js';
import { draftIdOfStream, upcastDraftEvent } from './draft.upcast.js';
import type { Pick } from './draft.types.js';
import { legacyPickId, md5Hex } from './legacy-pick-id.js';

const DRAFT_ID = 'd0000000-0000-4000-8000-000000000001';
const STREAM = `draft-${DRAFT_ID}`;
const RECORDED = new Date('2025-09-01T18:00:00.000Z');

/** A pick as the first picks were stored: no id, no source, no time. */
const legacyPick = (pickNumber: number, teamId = 't1', cost = 5) => ({
  pickNumber,
  playerId: `p${pickNumber}`,
  playerName: `Player ${pickNumber}`,
  position: 'RB',
  nflTeam: 'KC',
  teamId,
  cost,
});

const currentPick = (pickNumber: number): Pick => ({
  ...legacyPick(pickNumber),
  pickId: `11111111-1111-4111-8111-00000000000${pickNumber}`,
  source: 'admin',
  pickedAt: '2025-09-01T17:00:00.000Z',
});

const upcast = (type: string, data: unknown) =>
  upcastDraftEvent({ streamId: STREAM, type, data, recordedAt: RECORDED });

const upcastPick = (pickNumber: number): Pick => ({
  ...legacyPick(pickNumber),
  pickId: legacyPickId(DRAFT_ID, pickNumber),
  source: 'auction',
  pickedAt: RECORDED.toISOString(),
});

const MULTIBYTE_MD5 = '3b07a39fef0ac5d7ef21575e7315a482'; // from node:crypto

const oldSettings = { teamsCount: 2, playersPerTeam: 20, budgetPerTeam: 200, draftType: 'auction' };

describe('md5 of the legacy pick id', () => {
  it('matches RFC 1321 (values from node:crypto)', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('x'.repeat(100))).toBe('aed563ecafb4bcc5654c597a421547b2');
    expect(md5Hex('é€😀')).toBe(MULTIBYTE_MD5);
  });

  it('is the id the projection gave picks stored without one (md5 of draft:number, UUID-shaped)', () => {
    expect(md5Hex(`${DRAFT_ID}:1`)).toBe('c1f7485ba1050694dd8ec33638726895');
    expect(legacyPickId(DRAFT_ID, 1)).toBe('c1f7485b-a105-0694-dd8e-c33638726895');
  });
});

describe('upcastDraftEvent: every stored shape → the current shape', () => {
  it('completes settings stored before the clocks with the default clocks', () => {
    const created = upcast('DraftCreated', {
      draftId: DRAFT_ID,
      name: 'Old',
      settings: oldSettings,
      createdAt: RECORDED.toISOString(),
    });
    expect(created?.data).toMatchObject({ settings: { ...DEFAULT_DRAFT_SETTINGS, ...oldSettings } });
    expect(upcast('DraftUpdated', { settings: oldSettings })?.data).toEqual({
      settings: { ...DEFAULT_DRAFT_SETTINGS, ...oldSettings },
    });
    expect(upcast('DraftUpdated', { name: 'Renamed' })?.data).toEqual({ name: 'Renamed' });
  });

  it.each(['PlayerSold', 'KeeperAdded'])('gives a %s pick an id, a source and a time', (type) => {
    expect(upcast(type, { pick: legacyPick(3) })).toEqual({ type, data: { pick: upcastPick(3) } });
  });

  it('gives undone and removed picks the same id as their sale', () => {
    expect(upcast('PickUndone', { pick: legacyPick(2), undoneAt: 'x' })?.data).toEqual({
      pick: upcastPick(2),
      undoneAt: 'x',
    });
    expect(upcast('KeeperRemoved', { pick: legacyPick(2), removedAt: 'x' })?.data).toEqual({
      pick: upcastPick(2),
      removedAt: 'x',
    });
  });

  it('upcasts both sides of a pick correction', () => {
    expect(
      upcast('PickUpdated', { pick: legacyPick(1, 't2', 9), previous: legacyPick(1), updatedAt: 'x' }),
    ).toEqual({
      type: 'PickUpdated',
      data: { pick: { ...upcastPick(1), teamId: 't2', cost: 9 }, previous: upcastPick(1), updatedAt: 'x' },
    });
  });

  it("upcasts a deleted draft's released picks", () => {
    const data = {
      draftId: DRAFT_ID,
      previousStatus: 'active',
      releasedPicks: [legacyPick(1), currentPick(2)],
      deletedAt: 'x',
    };
    expect(upcast('DraftDeleted', data)?.data).toEqual({
      ...data,
      releasedPicks: [upcastPick(1), currentPick(2)],
    });
  });

  it('returns current shapes as they are, without copying', () => {
    const shapes: DraftEvent[] = [
      { type: 'PlayerSold', data: { pick: currentPick(1) } },
      {
        type: 'DraftCreated',
        data: { draftId: DRAFT_ID, name: 'N', settings: { ...DEFAULT_DRAFT_SETTINGS }, createdAt: 'x' },
      },
      {
        type: 'DraftStarted',
        data: { teamOrder: ['t1'], currentTeamTurn: 't1', currentRound: 1, startedAt: 'x', teamsCount: 1 },
      },
      { type: 'BidPlaced', data: { auctionId: 'a', teamId: 't1', amount: 2, at: 'x', deadline: 'y' } },
    ];
    for (const event of shapes) expect(upcast(event.type, event.data)?.data).toBe(event.data);
  });

  it('knows every draft event type and nothing else', () => {
    for (const type of DRAFT_EVENT_TYPES)
      expect(
        upcast(type, {
          pick: currentPick(1),
          previous: currentPick(1),
          releasedPicks: [],
          settings: { ...DEFAULT_DRAFT_SETTINGS },
        })?.type,
      ).toBe(type);
    expect(upcast('TeamCreated', {})).toBeNull();
    expect(upcast('SomethingFromTheFuture', {})).toBeNull();
  });

  it('needs the recorded time for a pick stored without one', () => {
    expect(() =>
      upcastDraftEvent({ streamId: STREAM, type: 'PlayerSold', data: { pick: legacyPick(1) } }),
    ).toThrow('needs the time the event was recorded');
  });

  it('is what the decider folds: legacy picks get their ids in the state', () => {
    const stored = [
      {
        type: 'DraftCreated',
        data: { draftId: DRAFT_ID, name: 'Old', settings: oldSettings, createdAt: 'x' },
      },
      { type: 'PlayerSold', data: { pick: legacyPick(1) } },
    ];
    const events = stored.map((event) =>
      draftDecider.upcast!({ ...event, streamId: STREAM, recordedAt: RECORDED })!,
    );
    const state = foldDraft(events);
    expect(state.picks).toEqual([upcastPick(1)]);
    expect(state.settings.auctionTimeLimit).toBe(DEFAULT_DRAFT_SETTINGS.auctionTimeLimit);
  });

  it('reads the draft id from the stream id', () => {
    expect(draftIdOfStream(STREAM)).toBe(DRAFT_ID);
    expect(() => draftIdOfStream('team-abc')).toThrow('not a draft stream');
  });
});
