import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Team, User } from '@auction/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { sessionRestored } from '../../../app/auth-slice.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { TeamsPage } from '../teams-page.js';

const me: User = {
  _id: '11111111-1111-4111-8111-111111111111',
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const team = (overrides: Partial<Team>): Team => ({
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Gridiron Gurus',
  teamNumber: 1,
  ownerId: null,
  players: [],
  budget: { total: 260, spent: 0, remaining: 260 },
  slotsRemaining: 20,
  draftId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

function serveTeams(teams: Team[]) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ success: true, message: 'OK', data: { teams } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

function renderTeamsAs(user: User) {
  const view = renderRoutes([{ path: '/teams', element: <TeamsPage /> }], {
    path: '/teams',
    session: { token: 'jwt', user },
  });
  act(() => {
    view.store.dispatch(sessionRestored(user));
  });
  return view;
}

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('TeamsPage', () => {
  it('shows each team with its owner, stats, budget use and "Your Team" for the own team', async () => {
    serveTeams([
      team({
        ownerId: { _id: me._id, username: 'alice' },
        budget: { total: 260, spent: 70, remaining: 190 },
        slotsRemaining: 18,
        players: [
          { playerId: 'p1', playerName: 'Runner', position: 'RB', team: 'SF', cost: 30, pickNumber: 2 },
          { playerId: 'p2', playerName: 'Passer', position: 'QB', team: 'KC', cost: 40, pickNumber: 1 },
        ],
      }),
      team({ _id: '33333333-3333-4333-8333-333333333333', name: 'Blitz Brigade', teamNumber: 2 }),
    ]);
    renderTeamsAs(me);

    const own = (await screen.findByRole('heading', { name: 'Gridiron Gurus' })).closest(
      'article',
    ) as HTMLElement;
    expect(screen.getByRole('heading', { name: 'Fantasy Teams' })).toBeInTheDocument();
    expect(screen.getByText('Track all teams, budgets, and rosters in the league')).toBeInTheDocument();
    expect(within(own).getByText('Your Team')).toBeInTheDocument();
    expect(within(own).getByText('Team #1')).toBeInTheDocument();
    expect(within(own).getByText('26.9% used')).toBeInTheDocument();
    expect(within(own).getByText('$190')).toHaveClass('text-green-600');

    fireEvent.click(within(own).getByRole('button', { name: /View roster/ }));
    const groups = within(own)
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label'));
    expect(groups).toEqual(['QB players', 'RB players']);

    const other = screen.getByRole('heading', { name: 'Blitz Brigade' }).closest('article') as HTMLElement;
    expect(within(other).queryByText('Your Team')).not.toBeInTheDocument();
    fireEvent.click(within(other).getByRole('button', { name: /View roster/ }));
    expect(within(other).getByText('No players drafted yet')).toBeInTheDocument();
  });

  it('tells non-admins to wait when there are no teams', async () => {
    serveTeams([]);
    renderTeamsAs(me);
    expect(await screen.findByText('No Teams Yet')).toBeInTheDocument();
    expect(screen.getByText('Wait for an admin to create teams')).toBeInTheDocument();
  });

  it('invites admins to create the first team', async () => {
    serveTeams([]);
    renderTeamsAs({ ...me, role: 'admin' });
    expect(await screen.findByText('Create your first team to get started')).toBeInTheDocument();
  });
});
