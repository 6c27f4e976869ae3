import { describe, expect, it } from '@jest/globals';
import { DRAFT_EVENT_TYPES } from '@auction/domain';
import { DraftProjection, draftIdOfStream, teamsTouchedByAssignment } from './draft.projection.js';

describe('draft projection helpers', () => {
  it('reads the draft id from the stream id', () => {
    expect(draftIdOfStream('draft-abc')).toBe('abc');
    expect(() => draftIdOfStream('team-abc')).toThrow('not a draft stream');
  });

  it('recomputes the teams that left the draft as well as those that joined it', () => {
    expect(teamsTouchedByAssignment(['a', 'b'], ['b', 'c']).sort()).toEqual(['a', 'b', 'c']);
    expect(teamsTouchedByAssignment([], [])).toEqual([]);
  });

  it('handles every draft event type and nothing else', () => {
    const projection = new DraftProjection();
    for (const type of DRAFT_EVENT_TYPES) expect(projection.handles(type)).toBe(true);
    expect(projection.handles('TeamCreated')).toBe(false);
  });
});
