import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Draft, Team, User } from '@auction/contracts';
import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { sessionRestored } from '../../../app/auth-slice.js';
import { installFakeLiveSocket } from '../../../test/fake-live-socket.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { DashboardPage } from '../dashboard-page.js';

const me: User = {
  _id: '11111111-1111-4111-8111-111111111111',
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const settings = { ...DEFAULT_DRAFT_SETTINGS };
let nextId = 0;
const draft = (name: string, status: Draft['status']): Draft => ({
  _id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(++nextId).padStart(12, '0')}`,
  name,
  status,
  teams: [],
  currentRound: 1,
  currentTeamTurn: null,
  totalPicks: 0,
  settings,
  createdAt: '2025-01-01T00:00:00.000Z',
  startedAt: null,
  completedAt: null,
  version: 1,
});

const myTeam: Team = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Gridiron Gurus',
  teamNumber: 7,
  ownerId: { _id: me._id, username: me.username },
  players: [{ playerId: 'p1', playerName: 'Passer', position: 'QB', team: 'KC', cost: 215, pickNumber: 1 }],
  budget: { total: 260, spent: 215, remaining: 45 },
  slotsRemaining: 19,
  draftId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function serve(drafts: Draft[], teams: Team[]) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    const data = url.pathname === '/api/drafts' ? { drafts } : { teams };
    return new Response(JSON.stringify({ success: true, message: 'OK', data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function renderDashboardAs(user: User) {
  const view = renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], {
    path: '/dashboard',
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

describe('DashboardPage', () => {
  it('counts drafts and teams, lists the first five drafts and offers Join only for active ones', async () => {
    const drafts = [
      draft('Live One', 'active'),
      draft('Fresh', 'created'),
      draft('Old', 'completed'),
      draft('Older', 'completed'),
      draft('Live Two', 'active'),
      draft('Sixth', 'created'),
    ];
    serve(drafts, [myTeam]);
    renderDashboardAs(me);

    expect(await screen.findByText('Live One')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'League summary' });
    expect(within(summary).getByText('Total Drafts').nextSibling).toHaveTextContent('6');
    expect(within(summary).getByText('Active Drafts').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Completed').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Teams').nextSibling).toHaveTextContent('1');

    expect(screen.queryByText('Sixth')).not.toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Drafts' });
    const joins = within(recent).getAllByRole('link', { name: /^Join / });
    expect(joins.map((link) => link.getAttribute('href'))).toEqual([
      `/draft/${drafts[0]._id}`,
      `/draft/${drafts[4]._id}`,
    ]);
    expect(screen.queryByRole('link', { name: 'Create Draft' })).not.toBeInTheDocument();
  });

  it("shows the user's team with a red budget under $50", async () => {
    serve([], [myTeam]);
    renderDashboardAs(me);
    expect(await screen.findByText('Gridiron Gurus')).toBeInTheDocument();
    expect(screen.getByText('Team #7')).toBeInTheDocument();
    expect(screen.getByText('$45')).toHaveClass('text-red-600');
    expect(screen.getByRole('link', { name: /View Team Details/ })).toHaveAttribute('href', '/teams');
  });

  it('shows the empty states, with the admin hint and Create Draft for admins', async () => {
    serve([], []);
    renderDashboardAs({ ...me, role: 'admin' });
    expect(await screen.findByText('No drafts available')).toBeInTheDocument();
    expect(screen.getByText('Create your first draft to get started')).toBeInTheDocument();
    expect(screen.getByText('No team assigned')).toBeInTheDocument();
    expect(screen.getByText('Contact an admin to assign you to a team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Draft' })).toHaveAttribute('href', '/admin');
  });

  it('asks to watch the drafts (draft-watchers room) and follows their draft-level events', async () => {
    const live = installFakeLiveSocket();
    try {
      const fresh = draft('Soon Live', 'created');
      serve([fresh], []);
      const view = renderDashboardAs(me);
      expect(await screen.findByText('Soon Live')).toBeInTheDocument();
      expect(live.socket.sentPayloads('watchDrafts')).toHaveLength(1);

      const summary = screen.getByRole('region', { name: 'League summary' });
      expect(within(summary).getByText('Active Drafts').nextSibling).toHaveTextContent('0');

      act(() => {
        live.socket.serverSends('draftStarted', {
          draftId: fresh._id,
          position: '9',
          version: 2,
          serverTime: '2025-01-01T00:00:00.000Z',
          draft: { ...fresh, status: 'active', version: 2 },
        });
      });
      // RTK Query batches cache patches' notifications: the render follows shortly.
      await waitFor(() =>
        expect(within(summary).getByText('Active Drafts').nextSibling).toHaveTextContent('1'),
      );
      view.unmount();
    } finally {
      live.restore();
    }
  });

  it('reads the drafts and teams again once the socket is back (authenticated again): changes made meanwhile show', async () => {
    const live = installFakeLiveSocket();
    try {
      const drafts = [draft('Before Offline', 'active')];
      const teams: Team[] = [];
      serve(drafts, teams);
      renderDashboardAs(me);
      expect(await screen.findByText('Before Offline')).toBeInTheDocument();
      const summary = screen.getByRole('region', { name: 'League summary' });

      // Offline while a draft is created and the user is given a team; then the socket reconnects.
      drafts.unshift(draft('Made While Offline', 'created'));
      teams.push(myTeam);
      act(() => live.socket.serverSends('authenticated', { user: { username: me.username } }));

      expect(await screen.findByText('Made While Offline')).toBeInTheDocument();
      expect(within(summary).getByText('Total Drafts').nextSibling).toHaveTextContent('2');
      await waitFor(() => expect(within(summary).getByText('Teams').nextSibling).toHaveTextContent('1'));
    } finally {
      live.restore();
    }
  });
});
