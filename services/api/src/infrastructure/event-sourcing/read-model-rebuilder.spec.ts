import { describe, expect, it } from '@jest/globals';
import type { PostgresEventStore, RecordedEvent, SqlClient } from '@auction/event-store';
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
  it('truncates, then resets what projections write elsewhere, then replays the log read in its transaction', async () => {
    const steps: string[] = [];
    const rows = [1, 2].map((position) => ({
      global_position: String(position),
      stream_id: 'draft-1',
      stream_version: position,
      type: position === 1 ? 'DraftCreated' : 'DraftTeamsAssigned',
      data: {},
      metadata: {},
      transaction_id: '7',
      recorded_at: new Date(0),
    }));
    let fetches = 0;
    const tx = {
      query: async (sql: string) => {
        const statement = sql.split(' ')[0]!;
        steps.push(['DECLARE', 'FETCH', 'CLOSE'].includes(statement) ? statement : sql);
        return statement === 'FETCH' && fetches++ === 0 ? { rows, rowCount: 2 } : { rows: [], rowCount: 0 };
      },
    } as unknown as SqlClient;
    const store = {
      withTransaction: <T>(fn: (client: SqlClient) => Promise<T>) => fn(tx),
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
    expect(steps).toEqual([
      'TRUNCATE picks, drafts',
      'reset drafts',
      'DECLARE',
      'FETCH',
      'apply 1,2',
      'FETCH',
      'CLOSE',
    ]);
  });
});
