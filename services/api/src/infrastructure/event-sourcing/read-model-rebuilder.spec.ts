import { describe, expect, it } from '@jest/globals';
import type { PostgresEventStore, RecordedEvent, SqlClient } from '@auction/event-store';
import { START } from '@auction/event-store';
import type { Projection } from './projection.js';
import { ReadModelRebuilder, runsByProjection } from './read-model-rebuilder.js';

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

describe('ReadModelRebuilder', () => {
  it('truncates, then resets what projections write elsewhere, then replays the log', async () => {
    const steps: string[] = [];
    const tx = {
      query: async (sql: string) => {
        steps.push(sql);
        return { rows: [], rowCount: 0 };
      },
    } as unknown as SqlClient;
    const log = [event('DraftCreated', 1), event('DraftTeamsAssigned', 2)];
    const store = {
      withTransaction: <T>(fn: (client: SqlClient) => Promise<T>) => fn(tx),
      readAll: async (checkpoint: unknown) =>
        checkpoint === START
          ? { events: log, checkpoint: { transactionId: '1', globalPosition: 2 } }
          : { events: [], checkpoint },
    } as unknown as PostgresEventStore;
    const drafts: Projection = {
      name: 'drafts',
      tables: ['picks', 'drafts'],
      handles: (type) => type.startsWith('Draft'),
      reset: async () => {
        steps.push('reset drafts');
      },
      apply: async (_tx, events) => {
        steps.push(`apply ${events.map((e) => e.globalPosition).join(',')}`);
      },
    };
    const teams = projection('teams', ['TeamCreated']);

    const result = await new ReadModelRebuilder(store).rebuild([teams, drafts]);

    expect(result).toEqual({ events: 2 });
    expect(steps).toEqual(['TRUNCATE picks, drafts', 'reset drafts', 'apply 1,2']);
  });
});
