import { upcastDraftEvent } from './draft.upcast.js';
import { describe, it, expect } from '@jest/globals';
import { DEFAULT_DRAFT_SETTINGS } from '../rules/limits.js';
import { deepFreeze } from '../__tests__/decider-spec.js';
import {
  ALPHA,
  BRAVO,
  CREATED_AT,
  DELETED_AT,
  DRAFT_ID,
  FIRST_NOMINATION_DEADLINE,
  STARTED_AT,
  draftCreated,
  draftStarted,
  pick,
  playerSold,
  teamsAssigned,
} from '../__tests__/draft.fixtures.js';
import { DRAFT_EVENT_TYPES, isDraftEvent, type DraftEvent } from './draft.events.js';
import { evolveDraft, foldDraft, initialDraftState } from './draft.state.js';

const lifecycle = (): DraftEvent[] => [
  draftCreated(),
  {
    type: 'DraftUpdated',
    data: { name: 'Renamed', settings: { ...DEFAULT_DRAFT_SETTINGS, budgetPerTeam: 200 } },
  },
  teamsAssigned(ALPHA, BRAVO),
  draftStarted(ALPHA, BRAVO),
  playerSold(pick(1, 'team-bravo', 33)),
  playerSold(pick(2, 'team-alpha', 7)),
];

describe('evolveDraft and foldDraft', () => {
  it('starts from an empty, not yet existing draft', () => {
    expect(initialDraftState()).toStrictEqual({
      exists: false,
      deleted: false,
      draftId: '',
      name: '',
      status: 'created',
      settings: { ...DEFAULT_DRAFT_SETTINGS },
      teamIds: [],
      teamOrder: [],
      currentRound: 0,
      currentTeamTurn: null,
      picks: [],
      auction: null,
      proxyBids: [],
      lastCompletedAuction: null,
      nominationQueues: {},
      auctionsCount: 0,
      nominationDeadline: null,
      pausedNominationTimeLeftMs: null,
    });
  });

  it('folds a whole lifecycle into the expected state', () => {
    expect(foldDraft(lifecycle())).toStrictEqual({
      exists: true,
      deleted: false,
      draftId: DRAFT_ID,
      name: 'Renamed',
      status: 'active',
      settings: { ...DEFAULT_DRAFT_SETTINGS, teamsCount: 2, budgetPerTeam: 200 },
      teamIds: ['team-bravo', 'team-alpha'],
      teamOrder: ['team-bravo', 'team-alpha'],
      currentRound: 1,
      currentTeamTurn: 'team-bravo',
      picks: [pick(1, 'team-bravo', 33), pick(2, 'team-alpha', 7)],
      auction: null,
      proxyBids: [],
      lastCompletedAuction: null,
      nominationQueues: {},
      auctionsCount: 0,
      nominationDeadline: FIRST_NOMINATION_DEADLINE,
      pausedNominationTimeLeftMs: null,
      createdAt: CREATED_AT,
      startedAt: STARTED_AT,
    });
  });

  it('drops the picks of a deleted draft and keeps it deleted', () => {
    const state = foldDraft([
      ...lifecycle(),
      {
        type: 'DraftDeleted',
        data: { draftId: DRAFT_ID, previousStatus: 'active', releasedPicks: [], deletedAt: DELETED_AT },
      },
    ]);
    expect(state).toMatchObject({ exists: true, deleted: true, picks: [] });
  });

  it('gives settings recorded before the clock settings the default clocks (through the upcaster)', () => {
    const legacy = { teamsCount: 2, playersPerTeam: 20, budgetPerTeam: 200, draftType: 'auction' };
    const stored = { type: 'DraftCreated', data: { ...draftCreated().data, settings: legacy } };
    const state = foldDraft([upcastDraftEvent({ ...stored, streamId: 'draft-x' })!]);
    expect(state.settings).toStrictEqual({ ...DEFAULT_DRAFT_SETTINGS, ...legacy });
  });

  it('equals step-by-step evolution and survives a JSON round trip of the events', () => {
    const events = lifecycle();
    let state = initialDraftState();
    for (const event of events) state = evolveDraft(state, event);
    expect(foldDraft(events)).toStrictEqual(state);
    expect(foldDraft(JSON.parse(JSON.stringify(events)) as DraftEvent[])).toStrictEqual(state);
  });

  it('never mutates the state or the event it is given', () => {
    const events = deepFreeze(lifecycle());
    const frozenFold = events.reduce(
      (state, event) => deepFreeze(evolveDraft(state, event)),
      deepFreeze(initialDraftState()),
    );
    expect(frozenFold).toStrictEqual(foldDraft(lifecycle()));
  });

  it('does not share arrays between states, so a later change cannot leak backwards', () => {
    const before = foldDraft(lifecycle().slice(0, 4));
    const after = evolveDraft(before, playerSold(pick(3, 'team-alpha', 1)));
    expect(before.picks).toHaveLength(0);
    expect(after.picks).toHaveLength(1);
  });

  it('ignores an event type it does not know', () => {
    const state = foldDraft(lifecycle());
    expect(evolveDraft(state, { type: 'DraftRenamedLater', data: {} } as unknown as DraftEvent)).toBe(state);
  });
});

describe('draft event types', () => {
  it('lists every draft event type and recognises stored records by type', () => {
    expect([...DRAFT_EVENT_TYPES].sort()).toStrictEqual(
      [
        'DraftCreated',
        'DraftDeleted',
        'DraftStarted',
        'DraftTeamsAssigned',
        'DraftUpdated',
        'PlayerSold',
        'PlayerNominated',
        'BidPlaced',
        'ProxyBidSet',
        'ProxyBidRemoved',
        'AuctionCompleted',
        'NominationTurnPassed',
        'PickUpdated',
        'PickUndone',
        'DraftPaused',
        'DraftResumed',
        'DraftCompleted',
        'DraftReopened',
        'NominationQueueSet',
        'KeeperAdded',
        'KeeperRemoved',
      ].sort(),
    );
    expect(isDraftEvent({ type: 'PlayerSold' })).toBe(true);
    expect(isDraftEvent({ type: 'TeamCreated' })).toBe(false);
    expect(isDraftEvent({ type: 'toString' })).toBe(false);
  });
});
