import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Team } from '@auction/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { fail, installFakeApi, ok } from '../../../test/fake-api.js';
import { makePlayer, makeTeam, nextId } from '../../../test/fixtures.js';
import { renderScreen } from '../../../test/render-with-app.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { assignProblem, parseCost } from '../assign-rules.js';
import { AssignPlayerModal } from '../components/assign-player-modal.js';
import { rosterOf } from './auction-fixtures.js';

const draftId = nextId();
const full: Team = makeTeam({ name: 'Full House', teamNumber: 1, players: rosterOf(20), slotsRemaining: 0 });
const poor: Team = makeTeam({
  name: 'Shoestring',
  teamNumber: 2,
  budget: { total: 260, spent: 230, remaining: 30 },
  players: rosterOf(5),
});
const rich: Team = makeTeam({ name: 'Deep Pockets', teamNumber: 3 });
const gibbs = makePlayer({ name: 'Jahmyr Gibbs', position: 'RB', team: 'DET' });
const taken = makePlayer({ name: 'Jahan Dotson', position: 'WR', isDrafted: true, cost: 4 });

let api: ReturnType<typeof installFakeApi>;
let assigned: jest.Mock<() => void>;
let closed: jest.Mock<() => void>;

beforeEach(() => {
  assigned = jest.fn();
  closed = jest.fn();
  api = installFakeApi((call) => {
    if (call.path === '/players/search') return ok({ players: [gibbs, taken] });
    if (call.path === '/players/assign') return ok({ pick: null });
    return fail(404, 'Not found');
  });
});

afterEach(() => {
  cleanup();
  api.restore();
  act(() => toast.remove());
  jest.restoreAllMocks();
});

function open() {
  renderScreen(
    <>
      <AssignPlayerModal
        draftId={draftId}
        teams={[full, poor, rich]}
        playersPerTeam={20}
        onClose={closed}
        onAssigned={assigned}
        debounceMs={0}
      />
      <ToastTexts />
    </>,
  );
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Assign Player to Team' }));
const assignButton = () => dialog().getByRole('button', { name: 'Assign Player' });
const teamCard = (name: string) => dialog().getByRole('button', { name: new RegExp(`^${name}`) });
const setCost = (value: string) => fireEvent.change(dialog().getByLabelText('Cost'), { target: { value } });

describe('Assign Player to Team', () => {
  it('searches 20 players undrafted in this draft and hides drafted ones', async () => {
    open();
    fireEvent.change(dialog().getByRole('searchbox', { name: 'Search players to assign' }), {
      target: { value: 'jah' },
    });
    const results = within(await dialog().findByRole('list', { name: 'Players to assign' }));
    expect(results.getByRole('button', { name: /Jahmyr Gibbs/ })).toBeInTheDocument();
    expect(results.queryByRole('button', { name: /Jahan Dotson/ })).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/players/search')?.params).toEqual({
      q: 'jah',
      limit: '20',
      available: 'true',
      draftId,
    });
  });

  it('labels teams Roster Full / Insufficient Budget and gives the reason Assign is disabled', async () => {
    open();
    expect(assignButton()).toBeDisabled();
    expect(dialog().getByText('No player selected')).toBeInTheDocument();

    fireEvent.change(dialog().getByRole('searchbox'), { target: { value: 'gibbs' } });
    fireEvent.click(await dialog().findByRole('button', { name: /Jahmyr Gibbs/ }));
    expect(dialog().getByText('No team selected')).toBeInTheDocument();

    expect(within(teamCard('Full House')).getByText('Roster Full')).toBeInTheDocument();
    fireEvent.click(teamCard('Full House'));
    await waitFor(() => expect(toastTexts()).toContain('Full House roster is full (20/20 players)'));
    expect(teamCard('Full House')).toHaveAttribute('aria-pressed', 'false');

    setCost('50');
    expect(within(teamCard('Shoestring')).getByText('Insufficient Budget')).toBeInTheDocument();
    expect(within(teamCard('Deep Pockets')).queryByText('Insufficient Budget')).not.toBeInTheDocument();
    fireEvent.click(teamCard('Shoestring'));
    await waitFor(() =>
      expect(toastTexts()).toContain("Shoestring doesn't have enough budget ($30 remaining)"),
    );
    expect(dialog().getByText('Insufficient budget')).toBeInTheDocument();
    expect(assignButton()).toBeDisabled();

    setCost('0');
    expect(dialog().getByText('Cost must be at least $1')).toBeInTheDocument();
    expect(assignButton()).toBeDisabled();

    // Not a number: the cost is $1.
    setCost('abc');
    expect(assignButton()).toBeEnabled();
    setCost('30');
    expect(assignButton()).toBeEnabled();
  });

  it("assigns, toasts 'Assigned {player} to {team} for $N' and hands over for the reload", async () => {
    open();
    fireEvent.change(dialog().getByRole('searchbox'), { target: { value: 'gibbs' } });
    fireEvent.click(await dialog().findByRole('button', { name: /Jahmyr Gibbs/ }));
    fireEvent.click(teamCard('Deep Pockets'));
    setCost('12');
    fireEvent.click(assignButton());
    await waitFor(() => expect(toastTexts()).toContain('Assigned Jahmyr Gibbs to Deep Pockets for $12'));
    expect(api.calls.find((call) => call.path === '/players/assign')?.body).toEqual({
      playerId: gibbs.playerId,
      teamId: rich._id,
      cost: 12,
      draftId,
    });
    expect(closed).toHaveBeenCalledTimes(1);
    expect(assigned).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to assign player to team' when the server refuses", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.restore();
    api = installFakeApi((call) =>
      call.path === '/players/search' ? ok({ players: [gibbs] }) : fail(400, 'Player already drafted'),
    );
    open();
    fireEvent.change(dialog().getByRole('searchbox'), { target: { value: 'gibbs' } });
    fireEvent.click(await dialog().findByRole('button', { name: /Jahmyr Gibbs/ }));
    fireEvent.click(teamCard('Deep Pockets'));
    fireEvent.click(assignButton());
    await waitFor(() => expect(toastTexts()).toContain('Failed to assign player to team'));
    expect(toastTexts()).toContain('Player already drafted');
    expect(assigned).not.toHaveBeenCalled();
  });

  it("says 'Failed to search players' when the search fails", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.restore();
    api = installFakeApi(() => fail(500, 'database down'));
    open();
    fireEvent.change(dialog().getByRole('searchbox'), { target: { value: 'gibbs' } });
    await waitFor(() => expect(toastTexts()).toContain('Failed to search players'));
    expect(toastTexts()).toContain('Server error. Please try again later.');
    expect(logged).toHaveBeenCalledWith('Failed to search players', expect.anything());
  });

  it('orders the reasons as the spec lists them', () => {
    expect(parseCost('7')).toBe(7);
    expect(parseCost('x')).toBe(1);
    expect(parseCost('-3')).toBe(-3);
    expect(assignProblem({ hasPlayer: true, team: null, cost: 1, playersPerTeam: 20 })).toBe(
      'No team selected',
    );
    expect(assignProblem({ hasPlayer: true, team: full, cost: 0, playersPerTeam: 20 })).toBe(
      'Team roster is full',
    );
    expect(assignProblem({ hasPlayer: true, team: poor, cost: 0, playersPerTeam: 20 })).toBe(
      'Cost must be at least $1',
    );
    expect(assignProblem({ hasPlayer: true, team: poor, cost: 31, playersPerTeam: 20 })).toBe(
      'Insufficient budget',
    );
    expect(assignProblem({ hasPlayer: true, team: poor, cost: 30, playersPerTeam: 20 })).toBeNull();
  });
});
