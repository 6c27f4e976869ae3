// Property-based tests: random sequences of draft commands (and auction sales, which a later decider emits)
// must keep every state valid, and replaying the recorded events must rebuild exactly the same state.
import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { DomainError, NotFoundError } from '../shared/errors.js';
import { deepFreeze, expectRejection } from '../__tests__/decider-spec.js';
import type { DraftCommand } from './draft.commands.js';
import { decideDraft } from './draft.decider.js';
import type { DraftEvent } from './draft.events.js';
import { evolveDraft, foldDraft, initialDraftState, type DraftState } from './draft.state.js';
import type { TeamSlot } from './draft.types.js';

const DRAFT_ID = 'draft-under-test';
const AT = '2025-09-01T18:00:00.000Z';

type Step =
  | { kind: 'create'; name: string; settings?: Record<string, unknown> }
  | { kind: 'update'; name?: string; settings?: Record<string, unknown> }
  | { kind: 'assign'; teams: number[] }
  /** `teams: 'assigned'` is what a correct handler sends: the assigned teams with their numbers. */
  | { kind: 'start'; teams: number[] | 'assigned' }
  | { kind: 'delete' }
  | { kind: 'sell'; team: number; cost: number };

const POOL_SIZE = 6;

/** Six teams with distinct random numbers, so the turn order differs from the id order. */
const poolArb: fc.Arbitrary<TeamSlot[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: POOL_SIZE, maxLength: POOL_SIZE })
  .map((numbers) => numbers.map((teamNumber, i) => ({ teamId: `team-${i}`, teamNumber })));

const nameArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('Sunday League', '  Padded  ', 'x'.repeat(100)) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', 'y'.repeat(101)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 105 }) },
);

const validSettingsArb = fc
  .record({ teamsCount: fc.integer({ min: 1, max: 12 }), playersPerTeam: fc.integer({ min: 1, max: 20 }) })
  .chain(({ teamsCount, playersPerTeam }) =>
    fc.record(
      {
        teamsCount: fc.constant(teamsCount),
        playersPerTeam: fc.constant(playersPerTeam),
        budgetPerTeam: fc.integer({ min: playersPerTeam, max: 10_000 }),
        draftType: fc.constant('auction'),
      },
      { requiredKeys: [] },
    ),
  );

const anySettingsArb = fc.record(
  {
    teamsCount: fc.oneof(fc.integer({ min: 0, max: 13 }), fc.constant(2.5)),
    playersPerTeam: fc.integer({ min: 0, max: 21 }),
    budgetPerTeam: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.constant(10_001)),
    draftType: fc.constantFrom('auction', 'snake'),
  },
  { requiredKeys: [] },
);

const settingsArb = fc.oneof(
  { weight: 3, arbitrary: validSettingsArb },
  { weight: 1, arbitrary: anySettingsArb },
);

const teamIndex = fc.integer({ min: 0, max: POOL_SIZE - 1 });
/** Mostly distinct teams; sometimes a team twice, or none. */
const teamIndexesArb = fc.oneof(
  { weight: 4, arbitrary: fc.uniqueArray(teamIndex, { minLength: 1, maxLength: POOL_SIZE }) },
  { weight: 1, arbitrary: fc.array(teamIndex, { maxLength: POOL_SIZE + 1 }) },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create'),
      name: nameArb,
      settings: fc.option(settingsArb, { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      { kind: fc.constant('update'), name: nameArb, settings: settingsArb },
      { requiredKeys: ['kind'] },
    ),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('assign'), teams: teamIndexesArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('start'),
      teams: fc.oneof(
        { weight: 3, arbitrary: fc.constant('assigned' as const) },
        { weight: 1, arbitrary: teamIndexesArb },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete') }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sell'),
      team: fc.nat(),
      cost: fc.integer({ min: 1, max: 60 }),
    }),
  },
) as fc.Arbitrary<Step>;

function toCommand(step: Exclude<Step, { kind: 'sell' }>, state: DraftState, pool: TeamSlot[]): DraftCommand {
  const slots = (indexes: number[]) => indexes.map((i) => pool[i]!);
  switch (step.kind) {
    case 'create':
      return {
        type: 'CreateDraft',
        data: { draftId: DRAFT_ID, name: step.name, settings: step.settings, at: AT },
      };
    case 'update':
      return { type: 'UpdateDraft', data: { name: step.name, settings: step.settings } };
    case 'assign':
      return { type: 'AssignTeams', data: { teams: slots(step.teams) } };
    case 'start': {
      const teams =
        step.teams === 'assigned'
          ? state.teamIds.map((id) => pool.find((t) => t.teamId === id)!)
          : slots(step.teams);
      return { type: 'StartDraft', data: { teams, at: AT } };
    }
    case 'delete':
      return { type: 'DeleteDraft', data: { at: AT } };
  }
}

/** Stands in for the auction decider: sells a player to one of the playing teams. */
function sale(step: Extract<Step, { kind: 'sell' }>, state: DraftState): DraftEvent[] {
  if (!state.exists || state.deleted || state.status !== 'active') return [];
  const teamId = state.teamOrder[step.team % state.teamOrder.length]!;
  const pickNumber = state.picks.length + 1;
  return [
    {
      type: 'PlayerSold',
      data: {
        pick: {
          pickId: `pick-${pickNumber}`,
          pickNumber,
          playerId: `p${pickNumber}`,
          playerName: `Player ${pickNumber}`,
          position: 'WR',
          nflTeam: 'BUF',
          teamId,
          cost: step.cost,
          source: 'auction',
          pickedAt: AT,
        },
      },
    },
  ];
}

// Plain checks rather than `expect` inside the loops: tens of thousands of states are checked per run.
function check(condition: boolean, message: string, detail?: unknown): void {
  if (!condition) throw new Error(`${message}${detail === undefined ? '' : `: ${JSON.stringify(detail)}`}`);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const isWhole = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/** What must hold of any draft state, written independently of the decider. */
function checkValidState(state: DraftState, pool: TeamSlot[]): void {
  if (!state.exists) {
    check(same(state, initialDraftState()), 'a draft that was never created has the initial state', state);
    return;
  }
  const { name, settings, teamIds, teamOrder } = state;
  check(
    name === name.trim() && name.length >= 1 && name.length <= 100,
    'name is trimmed, 1 to 100 characters',
    name,
  );
  check(isWhole(settings.teamsCount, 1, 12), 'teamsCount is 1 to 12', settings);
  check(isWhole(settings.playersPerTeam, 1, 20), 'playersPerTeam is 1 to 20', settings);
  check(
    isWhole(settings.budgetPerTeam, settings.playersPerTeam, 10_000),
    'budget pays $1 per player',
    settings,
  );
  check(settings.draftType === 'auction', 'draft type is auction', settings);
  check(new Set(teamIds).size === teamIds.length, 'no team twice', teamIds);
  check(teamIds.length <= settings.teamsCount, 'at most teamsCount teams', state);
  check(
    teamIds.every((id) => pool.some((t) => t.teamId === id)),
    'only known teams',
    teamIds,
  );
  if (state.status === 'created') {
    check(teamOrder.length === 0 && state.currentTeamTurn === null, 'no turn order before start', state);
    check(state.currentRound === 0 && state.startedAt === undefined, 'no round before start', state);
    check(state.picks.length === 0, 'no picks before start', state);
  } else {
    check(state.status === 'active', 'status is created or active', state.status);
    check(teamOrder.length >= 1, 'a started draft has teams', state);
    check(
      same([...teamOrder].sort(), [...teamIds].sort()),
      'turn order holds exactly the assigned teams',
      state,
    );
    const numbers = teamOrder.map((id) => pool.find((t) => t.teamId === id)!.teamNumber);
    check(
      same(
        numbers,
        [...numbers].sort((a, b) => a - b),
      ),
      'turn order follows team numbers',
      numbers,
    );
    check(
      state.currentTeamTurn === teamOrder[0] && state.currentRound === 1,
      'first team opens round 1',
      state,
    );
    check(settings.teamsCount === teamOrder.length, 'teamsCount is the number of playing teams', state);
  }
  if (state.deleted) check(state.picks.length === 0, 'a deleted draft holds no picks', state.picks);
}

/** What must hold between two consecutive states. */
function checkValidTransition(before: DraftState, after: DraftState, produced: DraftEvent[]): void {
  check(
    before.status === after.status || (before.status === 'created' && after.status === 'active'),
    'status only moves from created to active',
    [before.status, after.status],
  );
  check(!before.exists || after.exists, 'a draft never stops existing');
  if (before.deleted)
    check(produced.length === 0 && after === before, 'a deleted draft accepts nothing', produced);
  if (before.status !== 'created') {
    check(same(after.teamIds, before.teamIds), 'teams never change after start', [
      before.teamIds,
      after.teamIds,
    ]);
    check(same(after.teamOrder, before.teamOrder), 'turn order never changes after start');
  }
  for (const event of produced) {
    if (event.type !== 'DraftDeleted') continue;
    check(same(event.data.releasedPicks, before.picks), 'deletion releases every pick', event);
    check(event.data.previousStatus === before.status, 'deletion records the previous status', event);
  }
}

type Run = { state: DraftState; events: DraftEvent[]; rejections: DomainError[] };

function run(
  steps: Step[],
  pool: TeamSlot[],
  start: Run = { state: initialDraftState(), events: [], rejections: [] },
): Run {
  let { state } = start;
  const events = [...start.events];
  const rejections = [...start.rejections];
  for (const step of steps) {
    const before = deepFreeze(state);
    let produced: DraftEvent[];
    if (step.kind === 'sell') {
      produced = sale(step, before);
    } else {
      try {
        produced = decideDraft(deepFreeze(toCommand(step, before, pool)), before);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        check(error.message.length > 0, 'a rejection carries a message');
        if ((before.deleted || !before.exists) && step.kind !== 'create') {
          check(
            error instanceof NotFoundError,
            'a missing or deleted draft answers not found',
            error.message,
          );
        }
        rejections.push(error);
        produced = [];
      }
    }
    state = produced.reduce(evolveDraft, before);
    events.push(...produced);
    checkValidState(state, pool);
    checkValidTransition(before, state, produced);
  }
  return { state, events, rejections };
}

const stepsArb = fc.array(stepArb, { maxLength: 40, size: 'medium' });
const created: Step = { kind: 'create', name: 'Sunday League' };
/** Most histories open with a valid creation, or most commands would only meet a missing draft. */
const historyArb = fc.oneof(
  { weight: 1, arbitrary: stepsArb },
  { weight: 3, arbitrary: stepsArb.map((steps): Step[] => [created, ...steps]) },
);

describe('draft decider properties', () => {
  it('keeps every state valid, moves status only from created to active, and replays to the same state', () => {
    const seen = { started: 0, deletedWithPicks: 0, rejected: 0 };
    fc.assert(
      fc.property(poolArb, historyArb, (pool, steps) => {
        const { state, events, rejections } = run(steps, pool);
        expect(foldDraft(events)).toStrictEqual(state);
        expect(foldDraft(JSON.parse(JSON.stringify(events)) as DraftEvent[])).toStrictEqual(state);
        if (events.some((e) => e.type === 'DraftStarted')) seen.started += 1;
        if (events.some((e) => e.type === 'DraftDeleted' && e.data.releasedPicks.length > 0))
          seen.deletedWithPicks += 1;
        seen.rejected += rejections.length;
      }),
      { numRuns: 300 },
    );
    // Guards against a generator that never reaches the interesting states, which would make the checks vacuous.
    expect(seen.started).toBeGreaterThan(50);
    expect(seen.deletedWithPicks).toBeGreaterThan(10);
    expect(seen.rejected).toBeGreaterThan(100);
  });

  it('never changes the teams once a draft has started', () => {
    fc.assert(
      fc.property(
        poolArb,
        fc.uniqueArray(fc.nat(POOL_SIZE - 1), { minLength: 1 }),
        stepsArb,
        (pool, teams, steps) => {
          const started = run(
            [created, { kind: 'assign', teams }, { kind: 'start', teams: 'assigned' }],
            pool,
          );
          expect(started.state.status).toBe('active');
          const later = run(steps, pool, started);
          expect(later.state.teamIds).toStrictEqual(started.state.teamIds);
          expect(later.state.teamOrder).toStrictEqual(started.state.teamOrder);
          expect(later.state.status).toBe('active');
        },
      ),
    );
  });

  it('keeps a deleted draft deleted and rejects every later command as not found', () => {
    fc.assert(
      fc.property(poolArb, stepsArb, stepsArb, (pool, history, later) => {
        const undeleted = history.filter((step) => step.kind !== 'delete');
        const beforeDeletion = run([created, ...undeleted], pool);
        const deleted = run([{ kind: 'delete' }], pool, beforeDeletion);
        expect(deleted.state.deleted).toBe(true);
        const deletion = deleted.events.at(-1)!;
        expect(deletion).toMatchObject({
          type: 'DraftDeleted',
          data: { releasedPicks: beforeDeletion.state.picks },
        });
        for (const step of later) {
          if (step.kind === 'sell') continue;
          const command = toCommand(step, deleted.state, pool);
          expectRejection(() => decideDraft(command, deleted.state), NotFoundError, 'Draft not found');
        }
        const after = run(later, pool, deleted);
        expect(after.events).toStrictEqual(deleted.events);
        expect(after.state).toStrictEqual(deleted.state);
      }),
    );
  });
});
