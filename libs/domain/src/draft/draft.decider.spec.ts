import { describe, it, expect } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DEFAULT_DRAFT_SETTINGS } from '../rules/limits.js';
import { deciderSpec, deepFreeze, expectRejection } from '../__tests__/decider-spec.js';
import {
  ALPHA,
  BRAVO,
  CHARLIE,
  CREATED_AT,
  DELETED_AT,
  DRAFT_ID,
  FIRST_NOMINATION_DEADLINE,
  STARTED_AT,
  createDraft,
  draftCreated,
  draftStarted,
  pick,
  playerSold,
  teamsAssigned,
} from '../__tests__/draft.fixtures.js';
import type { DraftCommand, UpdateDraft } from './draft.commands.js';
import type { TeamSlot } from './draft.types.js';
import { decideDraft, draftDecider } from './draft.decider.js';
import type { DraftEvent } from './draft.events.js';
import { initialDraftState, type DraftState } from './draft.state.js';

const given = deciderSpec(draftDecider);
const deleted = {
  type: 'DraftDeleted',
  data: { draftId: DRAFT_ID, previousStatus: 'created', releasedPicks: [], deletedAt: DELETED_AT },
} satisfies DraftEvent;
const start = (...teams: TeamSlot[]): DraftCommand => ({
  type: 'StartDraft',
  data: { teams, at: STARTED_AT },
});
const assign = (...teams: TeamSlot[]): DraftCommand => ({ type: 'AssignTeams', data: { teams } });
const update = (data: UpdateDraft['data']): DraftCommand => ({
  type: 'UpdateDraft',
  data,
});
const remove: DraftCommand = { type: 'DeleteDraft', data: { at: DELETED_AT } };
/** A completed draft built directly (the auction's tests reach it through sales). */
const completedState = (): DraftState =>
  deepFreeze({
    ...given([draftCreated(), teamsAssigned(ALPHA), draftStarted(ALPHA)]).state,
    status: 'completed',
  });

describe('CreateDraft', () => {
  it('creates a draft with the defaults of every setting not given and a trimmed name', () => {
    given([])
      .when(createDraft({ name: '  Sunday League  ' }))
      .then([
        {
          type: 'DraftCreated',
          data: {
            draftId: DRAFT_ID,
            name: 'Sunday League',
            settings: { ...DEFAULT_DRAFT_SETTINGS },
            createdAt: CREATED_AT,
          },
        },
      ]);
  });

  it('lays given settings over the defaults and keeps no unknown keys', () => {
    const settings = { teamsCount: 8, budgetPerTeam: 200, color: 'blue' } as unknown as {
      teamsCount: number;
    };
    const [event] = decideDraft(createDraft({ settings }), initialDraftState());
    expect(event).toStrictEqual(
      draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, teamsCount: 8, budgetPerTeam: 200 } }),
    );
  });

  it('accepts the limits of every setting', () => {
    const clocks = (seconds: number) => ({
      auctionTimeLimit: seconds,
      bidTimeReset: seconds,
      nominationTimeLimit: seconds,
    });
    const low = {
      teamsCount: 1,
      playersPerTeam: 1,
      budgetPerTeam: 1,
      draftType: 'auction' as const,
      ...clocks(2),
    };
    const high = {
      teamsCount: 12,
      playersPerTeam: 20,
      budgetPerTeam: 10_000,
      draftType: 'auction' as const,
      ...clocks(600),
    };
    expect(decideDraft(createDraft({ settings: low }), initialDraftState())[0]).toStrictEqual(
      draftCreated({ settings: low }),
    );
    expect(decideDraft(createDraft({ settings: high }), initialDraftState())[0]).toStrictEqual(
      draftCreated({ settings: high }),
    );
    expect(decideDraft(createDraft({ name: 'x'.repeat(100) }), initialDraftState())).toHaveLength(1);
  });

  it('rejects a draft that already exists', () => {
    given([draftCreated()]).when(createDraft()).thenThrows(ConflictError, 'Draft already exists');
  });

  it('rejects a deleted draft as not found', () => {
    given([draftCreated(), deleted]).when(createDraft()).thenThrows(NotFoundError, 'Draft not found');
  });

  it.each([[''], ['   '], [undefined], [42]])('rejects the name %p', (name) => {
    given([])
      .when(createDraft({ name: name as string }))
      .thenThrows(ValidationError, 'Draft name is required');
  });

  it('rejects a name over 100 characters', () => {
    given([])
      .when(createDraft({ name: 'x'.repeat(101) }))
      .thenThrows(ValidationError, 'Draft name must not exceed 100 characters');
  });

  it('rejects a missing draft id', () => {
    given([])
      .when(createDraft({ draftId: ' ' }))
      .thenThrows(ValidationError, 'Draft id is required');
  });

  it.each([[0], [13], [2.5], ['12'], [Number.NaN]])('rejects teamsCount %p', (teamsCount) => {
    given([])
      .when(createDraft({ settings: { teamsCount: teamsCount as number } }))
      .thenThrows(ValidationError, 'Teams count must be a whole number between 1 and 12');
  });

  it.each([[0], [21], [1.5]])('rejects playersPerTeam %p', (playersPerTeam) => {
    given([])
      .when(createDraft({ settings: { playersPerTeam } }))
      .thenThrows(ValidationError, 'Players per team must be a whole number between 1 and 20');
  });

  it('rejects a budget that cannot pay $1 for every player, or is too large, or not whole', () => {
    const message = (min: number) =>
      `Budget per team must be a whole number between $${min} and $10000 (each player costs at least $1)`;
    given([])
      .when(createDraft({ settings: { budgetPerTeam: 19 } }))
      .thenThrows(ValidationError, message(20));
    given([])
      .when(createDraft({ settings: { playersPerTeam: 10, budgetPerTeam: 9 } }))
      .thenThrows(ValidationError, message(10));
    given([])
      .when(createDraft({ settings: { budgetPerTeam: 10_001 } }))
      .thenThrows(ValidationError, message(20));
    given([])
      .when(createDraft({ settings: { budgetPerTeam: 100.5 } }))
      .thenThrows(ValidationError, message(20));
    expect(decideDraft(createDraft({ settings: { budgetPerTeam: 20 } }), initialDraftState())).toHaveLength(
      1,
    );
  });

  it.each([
    ['auctionTimeLimit', 'Auction time limit'],
    ['bidTimeReset', 'Bid time reset'],
    ['nominationTimeLimit', 'Nomination time limit'],
  ] as const)('rejects %p outside 2 to 600 whole seconds', (key, label) => {
    for (const seconds of [1, 601, 2.5, '30']) {
      given([])
        .when(createDraft({ settings: { [key]: seconds as number } }))
        .thenThrows(ValidationError, `${label} must be a whole number of seconds between 2 and 600`);
    }
  });

  it('changes the clock settings while created', () => {
    const settings = { ...DEFAULT_DRAFT_SETTINGS, bidTimeReset: 12 };
    given([draftCreated()])
      .when(update({ settings: { bidTimeReset: 12 } }))
      .then([{ type: 'DraftUpdated', data: { settings } }]);
  });

  it('rejects a draft type other than auction', () => {
    given([])
      .when(createDraft({ settings: { draftType: 'snake' as 'auction' } }))
      .thenThrows(ValidationError, 'Only auction drafts are supported');
  });

  it('rejects settings that are not an object', () => {
    given([])
      .when(createDraft({ settings: 'big' as unknown as { teamsCount: number } }))
      .thenThrows(ValidationError, 'Draft settings must be an object');
  });
});

describe('UpdateDraft', () => {
  it('renames the draft with a trimmed name', () => {
    const state = given([draftCreated()])
      .when(update({ name: ' Monday League ' }))
      .then([{ type: 'DraftUpdated', data: { name: 'Monday League' } }]);
    expect(state.name).toBe('Monday League');
  });

  it('changes settings while created and carries the whole new settings', () => {
    const settings = { ...DEFAULT_DRAFT_SETTINGS, teamsCount: 10 };
    const state = given([draftCreated()])
      .when(update({ settings: { teamsCount: 10 } }))
      .then([{ type: 'DraftUpdated', data: { settings } }]);
    expect(state.settings).toStrictEqual(settings);
  });

  it('is a no-op when nothing changes', () => {
    given([draftCreated()]).when(update({})).then([]);
    given([draftCreated()])
      .when(update({ name: ' Sunday League ' }))
      .then([]);
    given([draftCreated()])
      .when(update({ settings: { ...DEFAULT_DRAFT_SETTINGS } }))
      .then([]);
  });

  it('renames a started draft and accepts its unchanged settings alongside', () => {
    given([draftCreated(), teamsAssigned(ALPHA), draftStarted(ALPHA)])
      .when(update({ name: 'Renamed', settings: { playersPerTeam: 20 } }))
      .then([{ type: 'DraftUpdated', data: { name: 'Renamed' } }]);
  });

  it('refuses to change settings once the draft has started', () => {
    given([draftCreated(), teamsAssigned(ALPHA), draftStarted(ALPHA)])
      .when(update({ settings: { budgetPerTeam: 300 } }))
      .thenThrows(ConflictError, 'Draft settings can only be changed while the draft is in created status');
  });

  it('refuses a teams count below the teams already assigned', () => {
    given([draftCreated(), teamsAssigned(ALPHA, BRAVO, CHARLIE)])
      .when(update({ settings: { teamsCount: 2 } }))
      .thenThrows(ConflictError, 'Teams count cannot be lower than the 3 teams already assigned');
  });

  it('validates the name and the merged settings', () => {
    given([draftCreated()])
      .when(update({ name: '  ' }))
      .thenThrows(ValidationError, 'Draft name is required');
    given([draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, budgetPerTeam: 30 } })])
      .when(update({ settings: { playersPerTeam: 20, budgetPerTeam: undefined } }))
      .then([]);
    given([draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, playersPerTeam: 10, budgetPerTeam: 15 } })])
      .when(update({ settings: { playersPerTeam: 20 } }))
      .thenThrows(
        ValidationError,
        'Budget per team must be a whole number between $20 and $10000 (each player costs at least $1)',
      );
  });

  it('answers not found for a missing or deleted draft', () => {
    given([])
      .when(update({ name: 'x' }))
      .thenThrows(NotFoundError, 'Draft not found');
    given([draftCreated(), deleted])
      .when(update({ name: 'x' }))
      .thenThrows(NotFoundError, 'Draft not found');
  });
});

describe('AssignTeams', () => {
  it('assigns teams ordered by team number', () => {
    const state = given([draftCreated()])
      .when(assign(ALPHA, CHARLIE, BRAVO))
      .then([
        { type: 'DraftTeamsAssigned', data: { teamIds: ['team-bravo', 'team-alpha', 'team-charlie'] } },
      ]);
    expect(state.teamIds).toStrictEqual(['team-bravo', 'team-alpha', 'team-charlie']);
  });

  it('replaces the set of teams', () => {
    const state = given([draftCreated(), teamsAssigned(ALPHA, BRAVO)])
      .when(assign(CHARLIE))
      .then([{ type: 'DraftTeamsAssigned', data: { teamIds: ['team-charlie'] } }]);
    expect(state.teamIds).toStrictEqual(['team-charlie']);
  });

  it('is a no-op when the set is unchanged', () => {
    given([draftCreated(), teamsAssigned(ALPHA, BRAVO)])
      .when(assign(BRAVO, ALPHA))
      .then([]);
  });

  it('requires at least one team', () => {
    given([draftCreated()]).when(assign()).thenThrows(ValidationError, 'Select at least one team');
  });

  it('refuses a team twice, or two teams with one number', () => {
    given([draftCreated()])
      .when(assign(ALPHA, BRAVO, ALPHA))
      .thenThrows(ValidationError, 'Each team can be assigned only once');
    given([draftCreated()])
      .when(assign(ALPHA, { teamId: 'team-delta', teamNumber: 3 }))
      .thenThrows(ValidationError, 'Two teams cannot share team number 3');
  });

  it('refuses team numbers out of range and teams without an id', () => {
    given([draftCreated()])
      .when(assign({ teamId: 'team-x', teamNumber: 13 }))
      .thenThrows(ValidationError, 'Team number must be between 1 and 12');
    given([draftCreated()])
      .when(assign({ teamId: '', teamNumber: 2 }))
      .thenThrows(ValidationError, 'Every team needs an id');
  });

  it('takes at most settings.teamsCount teams', () => {
    const twoTeams = draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, teamsCount: 2 } });
    given([twoTeams])
      .when(assign(ALPHA, BRAVO, CHARLIE))
      .thenThrows(ValidationError, 'This draft takes at most 2 teams');
    given([draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, teamsCount: 1 } })])
      .when(assign(ALPHA, BRAVO))
      .thenThrows(ValidationError, 'This draft takes at most 1 team');
    given([twoTeams])
      .when(assign(ALPHA, BRAVO))
      .then([teamsAssigned(ALPHA, BRAVO)]);
  });

  it('only works while the draft is in created status', () => {
    const message = 'Teams can only be assigned while the draft is in created status';
    given([draftCreated(), teamsAssigned(ALPHA), draftStarted(ALPHA)])
      .when(assign(BRAVO))
      .thenThrows(ConflictError, message);
    expectRejection(() => decideDraft(assign(BRAVO), completedState()), ConflictError, message);
  });

  it('answers not found for a missing or deleted draft', () => {
    given([]).when(assign(ALPHA)).thenThrows(NotFoundError, 'Draft not found');
    given([draftCreated(), deleted]).when(assign(ALPHA)).thenThrows(NotFoundError, 'Draft not found');
  });
});

describe('StartDraft', () => {
  it('starts with the teams ordered by team number and the first team to nominate', () => {
    const state = given([draftCreated(), teamsAssigned(ALPHA, BRAVO, CHARLIE)])
      .when(start(CHARLIE, ALPHA, BRAVO))
      .then([
        {
          type: 'DraftStarted',
          data: {
            teamOrder: ['team-bravo', 'team-alpha', 'team-charlie'],
            currentTeamTurn: 'team-bravo',
            currentRound: 1,
            startedAt: STARTED_AT,
            teamsCount: 3,
            nominationDeadline: FIRST_NOMINATION_DEADLINE,
          },
        },
      ]);
    expect(state).toMatchObject({
      status: 'active',
      currentTeamTurn: 'team-bravo',
      currentRound: 1,
      startedAt: STARTED_AT,
      settings: { teamsCount: 3 },
    });
  });

  it('orders by the numbers given at start, which may have changed since assignment', () => {
    const renumberedAlpha = { ...ALPHA, teamNumber: 12 };
    given([draftCreated(), teamsAssigned(ALPHA, BRAVO)])
      .when(start(renumberedAlpha, BRAVO))
      .then([draftStarted(renumberedAlpha, BRAVO)]);
  });

  it('needs at least one team', () => {
    given([draftCreated()])
      .when(start())
      .thenThrows(ConflictError, 'A draft needs at least one team to start');
  });

  it('only starts a draft in created status', () => {
    given([draftCreated(), teamsAssigned(ALPHA), draftStarted(ALPHA)])
      .when(start(ALPHA))
      .thenThrows(ConflictError, 'The draft has already been started');
    expectRejection(
      () => decideDraft(start(ALPHA), completedState()),
      ConflictError,
      'The draft is already completed',
    );
  });

  it('refuses teams that are not exactly the assigned ones', () => {
    const message = 'The teams to start with must be exactly the teams assigned to the draft';
    given([draftCreated(), teamsAssigned(ALPHA, BRAVO)])
      .when(start(ALPHA))
      .thenThrows(ConflictError, message);
    given([draftCreated(), teamsAssigned(ALPHA)])
      .when(start(ALPHA, BRAVO))
      .thenThrows(ConflictError, message);
    given([draftCreated(), teamsAssigned(ALPHA)])
      .when(start(CHARLIE))
      .thenThrows(ConflictError, message);
  });

  it('refuses two teams with one number', () => {
    given([draftCreated(), teamsAssigned(ALPHA, BRAVO)])
      .when(start(ALPHA, { ...BRAVO, teamNumber: 3 }))
      .thenThrows(ValidationError, 'Two teams cannot share team number 3');
  });

  it('answers not found for a missing or deleted draft', () => {
    given([]).when(start(ALPHA)).thenThrows(NotFoundError, 'Draft not found');
    given([draftCreated(), teamsAssigned(ALPHA), deleted])
      .when(start(ALPHA))
      .thenThrows(NotFoundError, 'Draft not found');
  });
});

describe('DeleteDraft', () => {
  it('deletes a created draft', () => {
    const state = given([draftCreated(), teamsAssigned(ALPHA)])
      .when(remove)
      .then([
        {
          type: 'DraftDeleted',
          data: { draftId: DRAFT_ID, previousStatus: 'created', releasedPicks: [], deletedAt: DELETED_AT },
        },
      ]);
    expect(state.deleted).toBe(true);
  });

  it('releases every sold player of a started draft', () => {
    const picks = [pick(1, 'team-alpha', 40), pick(2, 'team-bravo', 1), pick(3, 'team-alpha', 12)];
    const withPicks = given([
      draftCreated(),
      teamsAssigned(ALPHA, BRAVO),
      draftStarted(ALPHA, BRAVO),
      ...picks.map(playerSold),
    ]);
    expect(withPicks.state.picks).toStrictEqual(picks);
    const after = withPicks.when(remove).then([
      {
        type: 'DraftDeleted',
        data: { draftId: DRAFT_ID, previousStatus: 'active', releasedPicks: picks, deletedAt: DELETED_AT },
      },
    ]);
    expect(after).toMatchObject({ deleted: true, picks: [] });
  });

  it('deletes a completed draft', () => {
    const [event] = decideDraft(remove, completedState());
    expect(event).toMatchObject({ type: 'DraftDeleted', data: { previousStatus: 'completed' } });
  });

  it('answers not found for a missing draft, and for every command once deleted', () => {
    given([]).when(remove).thenThrows(NotFoundError, 'Draft not found');
    const gone = given([draftCreated(), teamsAssigned(ALPHA), deleted]);
    for (const command of [remove, createDraft(), update({ name: 'x' }), assign(BRAVO), start(ALPHA)]) {
      gone.when(command).thenThrows(NotFoundError, 'Draft not found');
    }
  });
});

describe('decide', () => {
  it('rejects an unknown command type', () => {
    expectRejection(
      () => decideDraft({ type: 'Explode', data: {} } as unknown as DraftCommand, initialDraftState()),
      ValidationError,
      'Unknown draft command: Explode',
    );
  });
});
