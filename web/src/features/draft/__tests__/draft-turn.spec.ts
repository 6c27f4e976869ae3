import { describe, expect, it } from '@jest/globals';
import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';
import { draftTeamOf, makeDraft, makeTeam } from '../../../test/fixtures.js';
import { ownTeamId, picksText, turnText } from '../draft-turn.js';

const me = '11111111-1111-4111-8111-111111111111';
const mine = makeTeam({ name: 'Gridiron Gurus', ownerId: { _id: me, username: 'alice' } });
const theirs = makeTeam({
  name: 'Hawks',
  teamNumber: 2,
  ownerId: { _id: '22222222-2222-4222-8222-222222222222', username: 'bob' },
});
const ref = (team: typeof mine) => ({ _id: team._id, name: team.name, teamNumber: team.teamNumber });
const draftWithTurn = (turn: typeof mine | null) =>
  makeDraft({
    status: 'active',
    teams: [draftTeamOf(mine), draftTeamOf(theirs)],
    currentTeamTurn: turn ? ref(turn) : null,
  });

describe('draft room header texts', () => {
  it("says 'Your Turn!' when the team on the clock is owned by the current user", () => {
    expect(turnText(draftWithTurn(mine), me)).toBe('Your Turn!');
  });

  it("names another team's turn with 's Turn", () => {
    expect(turnText(draftWithTurn(theirs), me)).toBe("Hawks's Turn");
    // Nobody signed in owns nothing.
    expect(turnText(draftWithTurn(mine), undefined)).toBe("Gridiron Gurus's Turn");
  });

  it('says nothing when no team is on the clock', () => {
    expect(turnText(draftWithTurn(null), me)).toBeNull();
  });

  it('finds the own team by its owner', () => {
    expect(ownTeamId(draftWithTurn(null), me)).toBe(mine._id);
    expect(ownTeamId(draftWithTurn(null), '33333333-3333-4333-8333-333333333333')).toBeNull();
  });

  it('counts picks made out of teamsCount × playersPerTeam', () => {
    expect(picksText(makeDraft())).toBe('Picks: 0 / 240');
    expect(
      picksText(
        makeDraft({
          totalPicks: 17,
          settings: { ...DEFAULT_DRAFT_SETTINGS, teamsCount: 4, playersPerTeam: 15, budgetPerTeam: 200 },
        }),
      ),
    ).toBe('Picks: 17 / 60');
  });
});
