import { describe, it, expect } from '@jest/globals';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DEFAULT_DRAFT_SETTINGS, NOMINATION_QUEUE_MAX } from '../rules/limits.js';
import { deciderSpec } from '../__tests__/decider-spec.js';
import {
  ALPHA,
  BRAVO,
  CREATED_AT,
  FIRST_NOMINATION_DEADLINE,
  STARTED_AT,
  draftCreated,
  draftStarted,
  pick,
  playerSold,
  teamsAssigned,
} from '../__tests__/draft.fixtures.js';
import type { DraftCommand } from './draft.commands.js';
import { draftDecider } from './draft.decider.js';
import type { DraftEvent } from './draft.events.js';
import { queuedPlayerIds } from './draft.queue.js';
import { draftTeamBudget } from './draft.standings.js';
import type { DraftActor, Pick } from './draft.types.js';

const given = deciderSpec(draftDecider);
const owner: DraftActor = { isAdmin: false, teamIds: [ALPHA.teamId] };
const admin: DraftActor = { isAdmin: true, teamIds: [] };
const setQueue = (playerIds: unknown, actor: DraftActor = owner, teamId = ALPHA.teamId): DraftCommand => ({
  type: 'SetNominationQueue',
  data: { teamId, playerIds: playerIds as string[], actor, at: CREATED_AT },
});
const queued = (playerIds: string[], teamId = ALPHA.teamId): DraftEvent => ({
  type: 'NominationQueueSet',
  data: { teamId, playerIds, at: CREATED_AT },
});
const player = (id: string) => ({
  playerId: id,
  playerName: `Player ${id}`,
  position: 'WR',
  nflTeam: 'BUF',
  projectedPoints: 100,
});
const addKeeper = (
  playerId: string,
  cost: number,
  teamId = ALPHA.teamId,
  pickId = `k-${playerId}`,
): DraftCommand => ({
  type: 'AddKeeper',
  data: { pickId, teamId, player: player(playerId), cost, at: CREATED_AT },
});
const keeperPick = (playerId: string, cost: number, pickNumber = 1, teamId = ALPHA.teamId): Pick => ({
  pickId: `k-${playerId}`,
  pickNumber,
  playerId,
  playerName: `Player ${playerId}`,
  position: 'WR',
  nflTeam: 'BUF',
  teamId,
  cost,
  source: 'keeper',
  pickedAt: CREATED_AT,
});
const keeperAdded = (kept: Pick): DraftEvent => ({ type: 'KeeperAdded', data: { pick: kept } });
const created = [draftCreated(), teamsAssigned(ALPHA, BRAVO)];

describe('SetNominationQueue', () => {
  it('records the whole queue in order, before or after the start', () => {
    given(created)
      .when(setQueue(['p3', 'p1', 'p2']))
      .then([queued(['p3', 'p1', 'p2'])]);
    given([...created, draftStarted(ALPHA, BRAVO)])
      .when(setQueue(['p1'], admin))
      .then([queued(['p1'])]);
  });

  it('keeps the salt it is given in the event (the audit hides it with the queue)', () => {
    const salt = 'Zq4l3nU9cJXbS1lA0i2WmQ';
    const command = setQueue(['p1']);
    given(created)
      .when({ ...command, data: { ...command.data, salt } } as DraftCommand)
      .then([
        {
          type: 'NominationQueueSet',
          data: { teamId: ALPHA.teamId, playerIds: ['p1'], at: CREATED_AT, salt },
        },
      ]);
  });

  it('is a no-op when the queue is unchanged, and an empty list clears it', () => {
    given([...created, queued(['p1', 'p2'])])
      .when(setQueue(['p1', 'p2']))
      .then([]);
    given([...created, queued(['p1'])])
      .when(setQueue([]))
      .then([queued([])]);
  });

  it("refuses another team's queue, duplicates, a team outside the draft and an over-long queue", () => {
    const rival: DraftActor = { isAdmin: false, teamIds: [BRAVO.teamId] };
    given(created)
      .when(setQueue(['p1'], rival))
      .thenThrows(ForbiddenError, 'You can only change the queue of your own team');
    given(created)
      .when(setQueue(['p1', 'p1']))
      .thenThrows(ValidationError, 'A player can be queued only once');
    given(created)
      .when(setQueue(['p1'], admin, 'team-zulu'))
      .thenThrows(ValidationError, 'Team is not in this draft');
    const tooMany = Array.from({ length: NOMINATION_QUEUE_MAX + 1 }, (_, i) => `p${i}`);
    given(created)
      .when(setQueue(tooMany))
      .thenThrows(ValidationError, `A nomination queue holds at most ${NOMINATION_QUEUE_MAX} players`);
    given(created).when(setQueue('p1')).thenThrows(ValidationError, 'Player ids must be a list');
  });

  it('offers for auto-nomination only the queued players not picked in this draft, first first', () => {
    const sold = { ...pick(1, BRAVO.teamId, 5), playerId: 'p2' };
    const { state } = given([
      ...created,
      draftStarted(ALPHA, BRAVO),
      queued(['p2', 'p7', 'p1']),
      playerSold(sold),
    ]);
    expect(queuedPlayerIds(state, ALPHA.teamId)).toEqual(['p7', 'p1']);
    expect(queuedPlayerIds(state, BRAVO.teamId)).toEqual([]);
  });
});

describe('AddKeeper and RemoveKeeper', () => {
  it('adds a keeper pick that shrinks the budget and the open slots', () => {
    const state = given(created)
      .when(addKeeper('p9', 25))
      .then([keeperAdded(keeperPick('p9', 25))]);
    const budget = draftTeamBudget(state, ALPHA.teamId);
    expect(budget.remaining).toBe(DEFAULT_DRAFT_SETTINGS.budgetPerTeam - 25);
    expect(budget.playerCount).toBe(1);
    expect(budget.slotsRemaining).toBe(DEFAULT_DRAFT_SETTINGS.playersPerTeam - 1);
  });

  it('keeps the max-bid rule: the cost must leave $1 for every other open slot', () => {
    const { budgetPerTeam, playersPerTeam } = DEFAULT_DRAFT_SETTINGS;
    const most = budgetPerTeam - (playersPerTeam - 1);
    given(created)
      .when(addKeeper('p9', most))
      .then([keeperAdded(keeperPick('p9', most))]);
    given(created)
      .when(addKeeper('p9', most + 1))
      .thenThrows(ConflictError, `Keeper cost exceeds the team's max bid of $${most}`);
  });

  it('refuses a player kept twice, a cost under $1, a team outside the draft and a full roster', () => {
    const kept = [...created, keeperAdded(keeperPick('p9', 10))];
    given(kept)
      .when(addKeeper('p9', 3, BRAVO.teamId, 'k-other'))
      .thenThrows(ConflictError, 'Player is already kept in this draft');
    given(created).when(addKeeper('p9', 0)).thenThrows(ValidationError, 'Keeper cost must be at least $1');
    given(created)
      .when(addKeeper('p9', 1, 'team-zulu'))
      .thenThrows(ValidationError, 'Team is not in this draft');
    const onePlayer = [
      draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, playersPerTeam: 1 } }),
      teamsAssigned(ALPHA),
      keeperAdded(keeperPick('p9', 10)),
    ];
    given(onePlayer).when(addKeeper('p8', 1)).thenThrows(ConflictError, 'Team roster is full');
  });

  it('allows keepers only before the start', () => {
    const started = [...created, draftStarted(ALPHA, BRAVO)];
    given(started)
      .when(addKeeper('p9', 5))
      .thenThrows(ConflictError, 'Keepers can only be changed before the draft starts');
    given([...created, keeperAdded(keeperPick('p9', 10)), draftStarted(ALPHA, BRAVO)])
      .when({ type: 'RemoveKeeper', data: { playerId: 'p9', at: STARTED_AT } })
      .thenThrows(ConflictError, 'Keepers can only be changed before the draft starts');
  });

  it('passes the first turn on at the start when keepers filled that roster, and completes if they filled all', () => {
    const onePlayer = [
      draftCreated({ settings: { ...DEFAULT_DRAFT_SETTINGS, playersPerTeam: 1 } }),
      teamsAssigned(ALPHA, BRAVO),
      keeperAdded(keeperPick('p9', 10, 1, BRAVO.teamId)),
    ];
    const start: DraftCommand = { type: 'StartDraft', data: { teams: [ALPHA, BRAVO], at: STARTED_AT } };
    const state = given(onePlayer)
      .when(start)
      .then([
        draftStarted(ALPHA, BRAVO),
        {
          type: 'NominationTurnPassed',
          data: {
            currentTeamTurn: ALPHA.teamId,
            currentRound: 1,
            nominationDeadline: FIRST_NOMINATION_DEADLINE,
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'active', currentTeamTurn: ALPHA.teamId });
    given([...onePlayer, keeperAdded(keeperPick('p8', 10, 2, ALPHA.teamId))])
      .when(start)
      .then([draftStarted(ALPHA, BRAVO), { type: 'DraftCompleted', data: { completedAt: STARTED_AT } }]);
  });

  it('removes a keeper and renumbers the picks after it', () => {
    const first = keeperPick('p9', 10, 1);
    const second = keeperPick('p8', 4, 2, BRAVO.teamId);
    const state = given([...created, keeperAdded(first), keeperAdded(second)])
      .when({ type: 'RemoveKeeper', data: { playerId: 'p9', at: STARTED_AT } })
      .then([{ type: 'KeeperRemoved', data: { pick: first, removedAt: STARTED_AT } }]);
    expect(state.picks).toEqual([{ ...second, pickNumber: 1 }]);
    given(created)
      .when({ type: 'RemoveKeeper', data: { playerId: 'p9', at: STARTED_AT } })
      .thenThrows(NotFoundError, 'Keeper not found');
  });

  it('are not corrections: editing or undoing a keeper pick before the start is refused, as an assignment is', () => {
    // Through the picks page a keeper's cost went past the max-bid rule (budget 260 − 10 = $250 with 19 slots to
    // fill), a move to another team of the draft answered "Team is not in this draft", and an undo took it back.
    const kept = [...created, keeperAdded(keeperPick('p9', 10))];
    const edit = (changes: Record<string, unknown>): DraftCommand => ({
      type: 'UpdatePick',
      data: { pickId: 'k-p9', changes, at: STARTED_AT },
    });
    given(kept)
      .when(edit({ cost: 250 }))
      .thenThrows(ConflictError, 'The draft has not started');
    given(kept)
      .when(edit({ teamId: BRAVO.teamId }))
      .thenThrows(ConflictError, 'The draft has not started');
    given(kept)
      .when({ type: 'UndoPick', data: { pickId: 'k-p9', at: STARTED_AT } })
      .thenThrows(ConflictError, 'The draft has not started');
    // Once started, a keeper pick is corrected like any other pick.
    given([...kept, draftStarted(ALPHA, BRAVO)])
      .when(edit({ cost: 12 }))
      .then([
        {
          type: 'PickUpdated',
          data: { pick: keeperPick('p9', 12), previous: keeperPick('p9', 10), updatedAt: STARTED_AT },
        },
      ]);
  });

  it("refuses to drop a team holding keepers, and settings that break a team's keepers", () => {
    const kept = [...created, keeperAdded(keeperPick('p9', 150))];
    given(kept)
      .when({ type: 'AssignTeams', data: { teams: [BRAVO] } })
      .thenThrows(ConflictError, "Remove a team's keepers before taking it out of the draft");
    given(kept)
      .when({ type: 'UpdateDraft', data: { settings: { budgetPerTeam: 160 } } })
      .thenThrows(ConflictError, "The new settings leave a team's keepers over its budget or roster");
  });
});
