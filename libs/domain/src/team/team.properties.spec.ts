// Property-based tests: random team command sequences keep a valid state and replay to the same state.
import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { DomainError, NotFoundError } from '../shared/errors.js';
import { deepFreeze } from '../__tests__/decider-spec.js';
import type { TeamCommand } from './team.commands.js';
import { decideTeam } from './team.decider.js';
import type { TeamEvent } from './team.events.js';
import { evolveTeam, foldTeam, initialTeamState, type TeamState } from './team.state.js';

const nameArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('Blitz', ' Giants ', 'n'.repeat(50)) },
  { weight: 1, arbitrary: fc.constantFrom('', '  ', 'n'.repeat(51)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 55 }) },
);
const teamNumberArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 13, 2.5, Number.NaN) },
);
const userArb = fc.constantFrom(['user-1', 'alice'], ['user-2', 'bob'], ['', 'nobody'], ['user-3', ' ']);

const commandArb: fc.Arbitrary<TeamCommand> = fc.oneof(
  fc.record({
    type: fc.constant('CreateTeam' as const),
    data: fc.record({ teamId: fc.constantFrom('team-1', ''), name: nameArb, teamNumber: teamNumberArb }),
  }),
  fc.record({
    type: fc.constant('UpdateTeam' as const),
    data: fc.record({ name: nameArb, teamNumber: teamNumberArb }, { requiredKeys: [] }),
  }),
  fc.record({
    type: fc.constant('AssignOwner' as const),
    data: userArb.map(([userId, username]) => ({ userId: userId!, username: username! })),
  }),
  fc.record({ type: fc.constant('DeleteTeam' as const), data: fc.record({ inOpenDraft: fc.boolean() }) }),
);

function check(condition: boolean, message: string, detail?: unknown): void {
  if (!condition) throw new Error(`${message}: ${JSON.stringify(detail)}`);
}

function checkValidState(state: TeamState): void {
  if (!state.exists) {
    check(JSON.stringify(state) === JSON.stringify(initialTeamState()), 'never created means initial', state);
    return;
  }
  check(
    state.name === state.name.trim() && state.name.length >= 1 && state.name.length <= 50,
    'valid name',
    state,
  );
  check(
    Number.isInteger(state.teamNumber) && state.teamNumber >= 1 && state.teamNumber <= 12,
    'valid number',
    state,
  );
  check(
    (state.ownerId === null) === (state.ownerUsername === null),
    'owner id and username go together',
    state,
  );
  check(state.ownerId !== '', 'an owner id is never blank', state);
}

describe('team decider properties', () => {
  it('keeps every state valid, keeps a deleted team deleted, and replays to the same state', () => {
    let deletions = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 30, size: 'medium' }), (commands) => {
        let state = initialTeamState();
        const events: TeamEvent[] = [];
        for (const command of commands) {
          const before = deepFreeze(state);
          let produced: TeamEvent[] = [];
          try {
            produced = decideTeam(deepFreeze(command), before);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            if (before.deleted)
              check(error instanceof NotFoundError, 'a deleted team is not found', error.message);
          }
          if (before.deleted) check(produced.length === 0, 'a deleted team accepts nothing', produced);
          if (produced.some((e) => e.type === 'TeamDeleted')) {
            check(command.type === 'DeleteTeam' && !command.data.inOpenDraft, 'only a free team is deleted');
            deletions += 1;
          }
          state = produced.reduce(evolveTeam, before);
          events.push(...produced);
          check(!before.deleted || state.deleted, 'a deleted team stays deleted');
          checkValidState(state);
        }
        expect(foldTeam(events)).toStrictEqual(state);
        expect(foldTeam(JSON.parse(JSON.stringify(events)) as TeamEvent[])).toStrictEqual(state);
      }),
      { numRuns: 300 },
    );
    expect(deletions).toBeGreaterThan(10);
  });
});
