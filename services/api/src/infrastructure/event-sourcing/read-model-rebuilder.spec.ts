import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@auction/event-store';
import type { Projection } from './projection.js';
import { runsByProjection } from './read-model-rebuilder.js';

const projection = (name: string, types: string[]): Projection => ({
  name,
  tables: [],
  handles: (type) => types.includes(type),
  apply: async () => undefined,
});

const event = (type: string, globalPosition: number) => ({ type, globalPosition }) as RecordedEvent;

describe('runsByProjection', () => {
  it('keeps log order across projections and batches consecutive events of one projection', () => {
    const teams = projection('teams', ['TeamCreated']);
    const drafts = projection('drafts', ['DraftCreated', 'DraftTeamsAssigned']);
    const runs = runsByProjection(
      [teams, drafts],
      [
        event('TeamCreated', 1),
        event('TeamCreated', 2),
        event('DraftCreated', 3),
        event('DraftTeamsAssigned', 4),
        event('TeamCreated', 5),
        event('AuctionStarted', 6),
      ],
    );
    expect(runs.map((run) => [run.projection.name, run.events.map((e) => e.globalPosition)])).toEqual([
      ['teams', [1, 2]],
      ['drafts', [3, 4]],
      ['teams', [5]],
    ]);
  });
});
