import { describe, expect, it } from '@jest/globals';
import { computeAdminStats } from '../admin-stats.js';
import { canAssignTeams, canStartDraft, hasDraftStarted } from '../draft-rules.js';
import { draftTeamOf, makeDraft, makeTeam } from '../../../test/fixtures.js';

describe('computeAdminStats', () => {
  it('is all zeros without drafts or teams', () => {
    expect(computeAdminStats([], [])).toEqual({
      totalDrafts: 0,
      activeDrafts: 0,
      completedDrafts: 0,
      totalTeams: 0,
      teamsWithOwners: 0,
    });
  });

  it('counts drafts by status and teams by owner', () => {
    const drafts = [
      makeDraft({ status: 'created' }),
      makeDraft({ status: 'active' }),
      makeDraft({ status: 'active' }),
      makeDraft({ status: 'paused' }),
      makeDraft({ status: 'completed' }),
    ];
    const teams = [
      makeTeam({ ownerId: { _id: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11', username: 'ann' } }),
      makeTeam({ ownerId: null }),
      makeTeam({ ownerId: { _id: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a12', username: 'bob' } }),
    ];
    expect(computeAdminStats(drafts, teams)).toEqual({
      totalDrafts: 5,
      activeDrafts: 2,
      completedDrafts: 1,
      totalTeams: 3,
      teamsWithOwners: 2,
    });
  });

  it('treats a team whose answer leaves out ownerId as without owner', () => {
    const { ownerId: _ownerId, ...withoutOwner } = makeTeam();
    expect(computeAdminStats([], [withoutOwner as never]).teamsWithOwners).toBe(0);
  });
});

describe('draft rules', () => {
  const team = makeTeam();

  it('offers Start only for a created draft with at least one team', () => {
    expect(canStartDraft(makeDraft({ status: 'created', teams: [] }))).toBe(false);
    expect(canStartDraft(makeDraft({ status: 'created', teams: [draftTeamOf(team)] }))).toBe(true);
    expect(canStartDraft(makeDraft({ status: 'active', teams: [draftTeamOf(team)] }))).toBe(false);
    expect(canStartDraft(makeDraft({ status: 'completed', teams: [draftTeamOf(team)] }))).toBe(false);
  });

  it('offers team assignment only while created', () => {
    expect(canAssignTeams({ status: 'created' })).toBe(true);
    expect(canAssignTeams({ status: 'active' })).toBe(false);
    expect(canAssignTeams({ status: 'paused' })).toBe(false);
    expect(canAssignTeams({ status: 'completed' })).toBe(false);
  });

  it('knows which drafts have started', () => {
    expect(hasDraftStarted({ status: 'created' })).toBe(false);
    expect(hasDraftStarted({ status: 'active' })).toBe(true);
    expect(hasDraftStarted({ status: 'paused' })).toBe(true);
    expect(hasDraftStarted({ status: 'completed' })).toBe(true);
  });
});
