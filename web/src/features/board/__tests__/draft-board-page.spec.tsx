import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Draft, Pick, Team } from '@auction/contracts';
import { ClientEvents, ServerEvents } from '@auction/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { sessionRestored } from '../../../app/auth-slice.js';
import { fail, installFakeApi, ok } from '../../../test/fake-api.js';
import { installFakeLiveSocket, type FakeLiveSocket } from '../../../test/fake-live-socket.js';
import {
  draftTeamOf,
  makeDraft,
  makePick as makeDraftPick,
  makeTeam,
  makeUser,
  nextId,
} from '../../../test/fixtures.js';
import { liveStatus } from '../../../test/live-status.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { boardColumns } from '../board-view.js';
import { DraftBoardPage } from '../draft-board-page.js';

const me = makeUser({ username: 'owner' });
const lions: Team = makeTeam({
  name: 'Lions Den',
  teamNumber: 2,
  ownerId: { _id: me._id, username: 'owner' },
});
const hawks: Team = makeTeam({ name: 'Hawks', teamNumber: 1 });
const draft: Draft = makeDraft({
  name: 'Sunday League',
  status: 'active',
  teams: [draftTeamOf(lions), draftTeamOf(hawks)],
  settings: { ...makeDraft().settings, teamsCount: 2, playersPerTeam: 4, budgetPerTeam: 100 },
  currentTeamTurn: { _id: hawks._id, name: hawks.name, teamNumber: hawks.teamNumber },
  version: 3,
});

function makePick(team: Team, pickNumber: number, playerName: string, position: string, cost: number): Pick {
  return makeDraftPick(draft, team, pickNumber, playerName, position, cost);
}

/** Another league's draft, which the same tab moves to. */
const otherDraft: Draft = makeDraft({
  name: 'Monday League',
  status: 'active',
  teams: [draftTeamOf(makeTeam({ name: 'Sharks', teamNumber: 1 }))],
  settings: { ...makeDraft().settings, teamsCount: 2, playersPerTeam: 4, budgetPerTeam: 100 },
});

const gibbs = makePick(lions, 1, 'Jahmyr Gibbs', 'RB', 40);
const chase = makePick(hawks, 2, "Ja'Marr Chase", 'WR', 30);

let api: ReturnType<typeof installFakeApi>;
/** The draft's picks on the server. */
let serverPicks: Pick[];
/** The draft is deleted on the server: GET /drafts/{id} answers 404 from then on. */
let deleted = false;
let live: { socket: FakeLiveSocket; restore: () => void };

beforeEach(() => {
  serverPicks = [gibbs, chase];
  api = installFakeApi((call) => {
    if (call.path === `/drafts/${draft._id}`) return deleted ? fail(404, 'Draft not found') : ok({ draft });
    if (call.path === `/drafts/${draft._id}/picks`) return ok({ picks: serverPicks });
    if (call.path === `/drafts/${otherDraft._id}`) return ok({ draft: otherDraft });
    if (call.path === `/drafts/${otherDraft._id}/picks`) return fail(500, 'database down');
    return fail(404, 'Not found');
  });
  live = installFakeLiveSocket();
});

afterEach(() => {
  deleted = false;
  cleanup();
  api.restore();
  live.restore();
  jest.restoreAllMocks();
});

function openBoard(path = `/draft/${draft._id}/board`) {
  const view = renderRoutes([{ path: '/draft/:draftId/board', element: <DraftBoardPage /> }], {
    path,
    session: { token: 'jwt', user: me },
  });
  act(() => {
    view.store.dispatch(sessionRestored(me));
  });
  return view;
}

const column = (name: string) => within(screen.getByRole('region', { name }));
const columnNames = () =>
  within(screen.getByRole('list', { name: 'Draft board' }))
    .getAllByRole('region')
    .map((region) => region.getAttribute('aria-label'));

describe('boardColumns', () => {
  it('works out money left, max bid, open slots and positions from the picks, by team number', () => {
    const [first, second] = boardColumns(draft, [gibbs, chase]);
    expect(first).toMatchObject({ name: 'Hawks', spent: 30, remaining: 70, filled: 1, openSlots: 3 });
    // remaining − $1 × (open slots − 1) = 70 − 2
    expect(first?.maxBid).toBe(68);
    expect(first?.byPosition).toEqual([
      { position: 'QB', count: 0 },
      { position: 'RB', count: 0 },
      { position: 'WR', count: 1 },
      { position: 'TE', count: 0 },
      { position: 'K', count: 0 },
      { position: 'DEF', count: 0 },
    ]);
    expect(second).toMatchObject({ name: 'Lions Den', remaining: 60, maxBid: 58, openSlots: 3 });
  });

  it('gives a full roster a max bid of 0 and ignores other drafts’ picks', () => {
    const full = [1, 2, 3, 4].map((n) => makePick(hawks, n, `P${n}`, 'QB', 10));
    const elsewhere = { ...makePick(hawks, 5, 'Other', 'K', 50), draftId: nextId() };
    const [hawksColumn] = boardColumns(draft, [...full, elsewhere]);
    expect(hawksColumn).toMatchObject({ remaining: 60, maxBid: 0, openSlots: 0, filled: 4 });
    expect(hawksColumn?.byPosition.find((entry) => entry.position === 'K')?.count).toBe(0);
  });
});

describe('Draft board', () => {
  it('shows each team as a column with its picks, money left, max bid and slots by position', async () => {
    openBoard();
    expect(await screen.findByRole('heading', { name: 'Draft Board: Sunday League' })).toBeInTheDocument();
    expect(await screen.findByText('Jahmyr Gibbs')).toBeInTheDocument();
    expect(columnNames()).toEqual(['Hawks', 'Lions Den']);

    const lionsColumn = column('Lions Den');
    expect(lionsColumn.getByText('(You)')).toBeInTheDocument();
    expect(lionsColumn.getByLabelText('Money left')).toHaveTextContent('$60');
    expect(lionsColumn.getByLabelText('Max bid')).toHaveTextContent('$58');
    expect(lionsColumn.getByLabelText('Open slots')).toHaveTextContent('3 of 4');
    expect(lionsColumn.getByLabelText('RB: 1')).toBeInTheDocument();
    const picks = within(lionsColumn.getByRole('list', { name: 'Lions Den picks' })).getAllByRole('listitem');
    expect(picks.map((item) => item.textContent)).toEqual(['RBJahmyr Gibbs$40']);
    expect(within(picks[0]!).getByText('RB')).toHaveAttribute('data-position', 'RB');

    expect(column('Hawks').getByText('On the clock')).toBeInTheDocument();
    expect(screen.getByText(/Picks: 2 \/ 8/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Draft Room' })).toHaveAttribute(
      'href',
      `/draft/${draft._id}`,
    );
  });

  it('joins the draft’s live room and follows a sale: the pick appears and the money, max bid and slots follow', async () => {
    const view = openBoard();
    await screen.findByText('Jahmyr Gibbs');
    act(() => liveStatus.authenticated(view.store));
    // As a watcher: the room's events, without being shown in the room or announced to it.
    expect(live.socket.sentPayloads(ClientEvents.joinDraft)).toEqual([{ draftId: draft._id, mode: 'watch' }]);
    const kelce = makePick(hawks, 3, 'Travis Kelce', 'TE', 25);
    act(() => {
      live.socket.serverSends(ServerEvents.pickMade, {
        pick: kelce,
        team: hawks,
        draftId: draft._id,
        position: '10',
        version: 4,
        serverTime: '2026-11-22T18:01:00.000Z',
      });
    });
    const hawksColumn = column('Hawks');
    expect(await hawksColumn.findByText('Travis Kelce')).toBeInTheDocument();
    expect(hawksColumn.getByLabelText('Money left')).toHaveTextContent('$45');
    expect(hawksColumn.getByLabelText('Max bid')).toHaveTextContent('$44');
    expect(hawksColumn.getByLabelText('Open slots')).toHaveTextContent('2 of 4');
    expect(hawksColumn.getByLabelText('TE: 1')).toBeInTheDocument();
    // The other draft's events do not reach this board.
    act(() => {
      live.socket.serverSends(ServerEvents.pickMade, {
        pick: { ...makePick(hawks, 4, 'Elsewhere', 'K', 5), draftId: nextId() },
        draftId: nextId(),
        position: '11',
        version: 1,
        serverTime: '2026-11-22T18:02:00.000Z',
      });
    });
    expect(hawksColumn.queryByText('Elsewhere')).not.toBeInTheDocument();
    view.unmount();
    expect(live.socket.sentPayloads(ClientEvents.leaveDraft)).toEqual([{ draftId: draft._id }]);
  });

  it('reads the picks again when it joins the room again (a reconnect), so sales it missed meanwhile show', async () => {
    const view = openBoard();
    await screen.findByText('Jahmyr Gibbs');
    act(() => liveStatus.authenticated(view.store));
    // Offline for a while: a sale happens that this board never hears of; then the socket is back and joins again.
    serverPicks = [gibbs, chase, makePick(hawks, 3, 'Travis Kelce', 'TE', 25)];
    act(() => {
      live.socket.serverSends(ServerEvents.draftJoined, {
        draftId: draft._id,
        position: null,
        version: null,
        serverTime: '2026-11-22T18:05:00.000Z',
        activeUsers: [],
        chatHistory: [],
      });
    });
    expect(await column('Hawks').findByText('Travis Kelce')).toBeInTheDocument();
    expect(column('Hawks').getByLabelText('Money left')).toHaveTextContent('$45');
    expect(screen.getByText(/Picks: 3 \/ 8/)).toBeInTheDocument();
  });

  it('says "Draft not found" once an admin deletes the draft it shows, not the deleted draft as live', async () => {
    const view = openBoard();
    await screen.findByText('Jahmyr Gibbs');
    act(() => liveStatus.authenticated(view.store));
    deleted = true;
    act(() => {
      live.socket.serverSends(ServerEvents.draftUpdated, {
        draftId: draft._id,
        position: '12',
        version: 4,
        serverTime: '2026-11-22T18:03:00.000Z',
        action: 'deleted',
        draft: null,
        currentTeamTurn: null,
        nominationDeadline: null,
      });
    });
    expect(await screen.findByText('Draft not found')).toBeInTheDocument();
    expect(screen.queryByText('Jahmyr Gibbs')).not.toBeInTheDocument();
  });

  it("moves to another draft's board without showing the previous draft's board or pick count under it", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = openBoard();
    await screen.findByText('Jahmyr Gibbs');
    await act(async () => {
      void view.router.navigate(`/draft/${otherDraft._id}/board`);
      await Promise.resolve();
    });
    expect(screen.queryByRole('heading', { name: 'Draft Board: Sunday League' })).not.toBeInTheDocument();

    // The other draft is read; its picks cannot be.
    expect(await screen.findByRole('heading', { name: 'Draft Board: Monday League' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === `/drafts/${otherDraft._id}/picks`)).toBe(true),
    );
    expect(screen.queryByText(/Picks: 2 \//)).not.toBeInTheDocument();
    expect(screen.queryByText('Jahmyr Gibbs')).not.toBeInTheDocument();
  });

  it('says so when the draft cannot be found', async () => {
    openBoard('/draft/not-an-id/board');
    expect(await screen.findByText('Draft not found')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
