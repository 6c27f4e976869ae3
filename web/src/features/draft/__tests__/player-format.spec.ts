import { describe, expect, it } from '@jest/globals';
import { adpText, jerseyText, pointsText, proTeamText, selectedPlayerToast } from '../player-format.js';

describe('player card texts', () => {
  it("shows the jersey number as #N, '??' when unknown, and #0 for a real zero", () => {
    expect(jerseyText(15)).toBe('#15');
    expect(jerseyText(0)).toBe('#0');
    expect(jerseyText(null)).toBe('??');
  });

  it('shows projected points to 1 decimal, and a dash without a projection', () => {
    expect(pointsText(278.62)).toBe('278.6');
    expect(pointsText(300)).toBe('300.0');
    expect(pointsText(0)).toBe('0.0');
    expect(pointsText(null)).toBe('—');
  });

  it('rounds the ADP and leaves it out when there is none', () => {
    expect(adpText(1.7)).toBe('2');
    expect(adpText(101.3)).toBe('101');
    expect(adpText(12.5)).toBe('13');
    expect(adpText(null)).toBeNull();
  });

  it('calls a player without a pro team a free agent', () => {
    expect(proTeamText('KC')).toBe('KC');
    expect(proTeamText(null)).toBe('FA');
  });

  it("words the 'Selected …' toast as the spec does", () => {
    expect(selectedPlayerToast({ name: 'Patrick Mahomes', position: 'QB', team: 'KC' })).toBe(
      'Selected Patrick Mahomes (QB) - KC',
    );
    expect(selectedPlayerToast({ name: 'Free Agent', position: 'WR', team: null })).toBe(
      'Selected Free Agent (WR) - FA',
    );
  });
});
