import { describe, expect, it } from '@jest/globals';
import type { PostgresEventStore, SqlClient } from '@auction/event-store';
import type { LogProjection } from './projection.js';
import { ReadModelRebuilder } from './read-model-rebuilder.js';

describe('ReadModelRebuilder', () => {
  it('truncates, then replays the log read in its transaction', async () => {
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
    const drafts: LogProjection = {
      name: 'drafts',
      tables: ['picks', 'drafts'],
      apply: async (events) => {
        steps.push(`drafts ${events.map((e) => e.globalPosition).join(',')}`);
      },
    };
    const teams: LogProjection = {
      name: 'teams',
      tables: [],
      apply: async (events) => {
        steps.push(`teams ${events.map((e) => e.globalPosition).join(',')}`);
      },
    };

    const result = await new ReadModelRebuilder(store).rebuild([teams, drafts]);

    expect(result).toEqual({ events: 2 });
    expect(steps).toEqual([
      'TRUNCATE picks, drafts',
      'DECLARE',
      'FETCH',
      'teams 1,2',
      'drafts 1,2',
      'FETCH',
      'CLOSE',
    ]);
  });
});
