import { describe, expect, it } from '@jest/globals';
import { teamLabel } from '../team-label.js';

describe('teamLabel', () => {
  it('is "{team} #{n}" for a left-to-right name', () => {
    expect(teamLabel({ name: 'Hawks', teamNumber: 2 })).toBe('Hawks #2');
  });

  it('isolates a right-to-left name, so its number is not pulled into it ("3# الفريق")', () => {
    expect(teamLabel({ name: 'الفريق الذهبي', teamNumber: 3 })).toBe('\u2068الفريق الذهبي\u2069 #3');
    expect(teamLabel({ name: 'צוות', teamNumber: 12 })).toBe('\u2068צוות\u2069 #12');
  });
});
