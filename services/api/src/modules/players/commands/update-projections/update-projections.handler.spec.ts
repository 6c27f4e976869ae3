import { describe, expect, it } from '@jest/globals';
import { projectionAssignments } from './update-projections.handler.js';

describe('projectionAssignments', () => {
  it('sets only the fields sent, after the player id ($1)', () => {
    expect(projectionAssignments({ projectedPoints: 250.5 })).toEqual({
      sql: 'projected_points = $2',
      values: [250.5],
    });
    expect(projectionAssignments({ adp: null, auctionValue: 12.5, projectedPoints: 10 })).toEqual({
      sql: 'projected_points = $2, adp = $3, auction_value = $4',
      values: [10, null, 12.5],
    });
  });
});
