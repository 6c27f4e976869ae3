import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Draft, Pick, Player, Team, User } from '@auction/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { sessionRestored } from '../../../app/auth-slice.js';
import { fail, installFakeApi, ok, type FakeAnswer, type FakeCall } from '../../../test/fake-api.js';
import { draftTeamOf, makeDraft, makePlayer, makeTeam, makeUser, nextId } from '../../../test/fixtures.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { draftsApi } from '../../../shared/api/drafts.api.js';
import { DraftPage } from '../draft-page.js';

const me: User = makeUser({ username: 'alice' });
const myTeam = makeTeam({ name: 'Gridiron Gurus', ownerId: { _id: me._id, username: me.username } });
const hawks = makeTeam({
  name: 'Hawks',
  teamNumber: 2,
  ownerId: { _id: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11', username: 'bob' },
});
const turnOf = (team: typeof hawks) => ({ _id: team._id, name: team.name, teamNumber: team.teamNumber });

const gibbs = makePlayer({
  name: 'Jahmyr Gibbs',
  position: 'RB',
  team: 'DET',
  jerseyNumber: 0,
  age: 24,
  projectedPoints: 307.9,
  adp: 1.7,
});
const mahomes = makePlayer({
  name: 'Patrick Mahomes',
  position: 'QB',
  team: 'KC',
  jerseyNumber: 15,
  age: 30,
  injuryStatus: 'Questionable',
  projectedPoints: 278.62,
  adp: 101.3,
});
const rookie = makePlayer({
  name: 'Rookie Receiver',
  position: 'WR',
  team: null,
  jerseyNumber: null,
  age: null,
  projectedPoints: 88,
  adp: null,
});
const drafted = makePlayer({
  name: 'Bijan Robinson',
  position: 'RB',
  team: 'ATL',
  jerseyNumber: 7,
  adp: 1.8,
  isDrafted: true,
  cost: 61,
});
const POOL = [gibbs, drafted, rookie, mahomes];

interface World {
  draft: Draft;
  /** Answers to GET /players/search, by q; default: names containing q. */
  search: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;
  /** Overrides the answer to GET /drafts/{id} (a draft deleted meanwhile, a server down). */
  draftAnswer?: FakeAnswer;
  /** GET /teams (default: the user's team and the Hawks, both as they stand in this draft). */
  teams?: Team[];
  /** GET /drafts/{id}/picks. */
  picks?: Pick[];
  /** Other leagues' drafts, listed by GET /drafts before this one (newer) and readable by id. */
  otherDrafts?: Draft[];
}

let world: World;
let api: ReturnType<typeof installFakeApi>;

const byPosition = (position: string | undefined) => (player: Player) =>
  !position || player.position === position;

beforeEach(() => {
  world = {
    draft: makeDraft({
      name: 'Sunday League',
      status: 'active',
      teams: [draftTeamOf(myTeam), draftTeamOf(hawks)],
      currentTeamTurn: turnOf(myTeam),
    }),
    search: (call) => {
      const q = call.params?.q?.toLowerCase() ?? '';
      const players = POOL.filter((player) => player.name.toLowerCase().includes(q)).filter(
        byPosition(call.params?.position),
      );
      return ok({ players });
    },
  };
  api = installFakeApi((call) => {
    if (call.path === `/drafts/${world.draft._id}`) return world.draftAnswer ?? ok({ draft: world.draft });
    const other = world.otherDrafts?.find((draft) => call.path === `/drafts/${draft._id}`);
    if (other) return ok({ draft: other });
    if (call.path === '/drafts') return ok({ drafts: [...(world.otherDrafts ?? []), world.draft] });
    if (call.path === '/teams') return ok({ teams: world.teams ?? [myTeam, hawks] });
    if (call.path === `/drafts/${world.draft._id}/picks`) return ok({ picks: world.picks ?? [] });
    if (call.path === `/auctions/draft/${world.draft._id}`) {
      return ok({
        auction: null,
        lastCompletedAuction: null,
        draftStatus: world.draft.status,
        currentTeamTurn: world.draft.currentTeamTurn,
        nominationDeadline: null,
        nominationTimeLeftMs: null,
        serverTime: new Date().toISOString(),
      });
    }
    if (call.path === '/players/search') return world.search(call);
    if (call.path === '/players') {
      const players = POOL.filter(byPosition(call.params?.position));
      return ok({ players, total: players.length + 200 });
    }
    return fail(404, 'Not found');
  });
});

afterEach(() => {
  cleanup();
  api.restore();
  act(() => toast.remove());
  jest.restoreAllMocks();
  localStorage.clear();
});

function openRoom(path = `/draft/${world.draft._id}`) {
  const view = renderRoutes(
    [
      {
        path: '/draft/:draftId?',
        element: (
          <>
            <DraftPage />
            <ToastTexts />
          </>
        ),
      },
    ],
    { path, session: { token: 'jwt', user: me } },
  );
  act(() => {
    view.store.dispatch(sessionRestored(me));
  });
  return view;
}

const grid = () => within(screen.getByRole('region', { name: 'Available Players' }));
const card = (name: string) => grid().getByRole('button', { name });
/** Waits for the grid (the draft loads first), then for the card. */
const findCard = async (name: string) =>
  within(await screen.findByRole('region', { name: 'Available Players' })).findByRole('button', { name });
const shownPositions = () =>
  grid()
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('[data-position]')?.textContent);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search available players...' });
const searchCalls = () => api.calls.filter((call) => call.path === '/players/search');
const listCalls = () => api.calls.filter((call) => call.path === '/players');
const type = (text: string) => fireEvent.change(searchBox(), { target: { value: text } });

describe('Draft room', () => {
  it('shows a spinner while the draft loads, then the header and the panels to come', async () => {
    openRoom();
    expect(screen.getByText('Loading draft...')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Your Turn!')).toBeInTheDocument();
    expect(screen.getByText('Picks: 0 / 240')).toBeInTheDocument();
    for (const panel of ['Live Auction', 'Nomination', 'Team Budgets', 'Draft Chat']) {
      expect(screen.getByRole('region', { name: panel })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Available Players' })).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search available players...');
    expect(searchBox()).toHaveAttribute('maxlength', '100');
  });

  it("names the team on the clock when it is not the user's, and nothing without a turn", async () => {
    world.draft = { ...world.draft, currentTeamTurn: turnOf(hawks), totalPicks: 5 };
    const { unmount } = openRoom();
    expect(await screen.findByText("Hawks's Turn")).toBeInTheDocument();
    expect(screen.queryByText('Your Turn!')).not.toBeInTheDocument();
    expect(screen.getByText('Picks: 5 / 240')).toBeInTheDocument();
    unmount();

    world.draft = { ...world.draft, status: 'created', currentTeamTurn: null };
    openRoom();
    await screen.findByRole('heading', { level: 1, name: 'Sunday League' });
    expect(screen.queryByText(/Turn/)).not.toBeInTheDocument();
    expect(screen.getByText('Live auction arrives when the draft starts.')).toBeInTheDocument();
  });

  it("shows a past draft's own budgets and rosters in Team Budgets once its teams play another draft", async () => {
    const laterDraftId = nextId();
    world.draft = {
      ...world.draft,
      status: 'completed',
      currentTeamTurn: null,
      totalPicks: 2,
      settings: { ...world.draft.settings, playersPerTeam: 1, budgetPerTeam: 100 },
    };
    // GET /teams shows each team in its current draft: the later one, where only the user's team has bought.
    world.teams = [
      {
        ...myTeam,
        draftId: laterDraftId,
        players: [
          {
            playerId: '9221',
            playerName: 'Jahmyr Gibbs',
            position: 'RB',
            team: 'DET',
            cost: 5,
            pickNumber: 1,
          },
        ],
        budget: { total: 260, spent: 5, remaining: 255 },
        slotsRemaining: 2,
      },
      { ...hawks, draftId: laterDraftId, slotsRemaining: 3 },
    ];
    const pickOf = (
      team: Team,
      pickNumber: number,
      playerId: string,
      playerName: string,
      cost: number,
    ): Pick => ({
      _id: nextId(),
      draftId: world.draft._id,
      draftName: world.draft.name,
      draftStatus: 'completed',
      pickNumber,
      playerId,
      playerName,
      position: 'RB',
      nflTeam: 'ATL',
      cost,
      teamId: { _id: team._id, name: team.name, teamNumber: team.teamNumber },
      source: 'admin',
      pickedAt: '2026-11-22T18:00:00.000Z',
    });
    world.picks = [
      pickOf(myTeam, 1, '9509', 'Bijan Robinson', 90),
      pickOf(hawks, 2, '9493', 'Puka Nacua', 40),
    ];
    openRoom();
    const budgets = within(await screen.findByRole('list', { name: 'Team budgets' }));
    await waitFor(() =>
      expect(budgets.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
        'Gridiron Gurus (You)1/1 players$10',
        'Hawks1/1 players$60',
      ]),
    );
  });

  it('opens the active draft on /draft', async () => {
    openRoom('/draft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument();
    expect(await findCard('Patrick Mahomes')).toBeInTheDocument();
  });

  it("opens the user's own draft on /draft, not another league's live draft listed first", async () => {
    const stranger = makeTeam({
      name: 'Strangers',
      ownerId: { _id: '5d1f3c1e-8a57-4f0e-9c61-2b7f3e0a9d44', username: 'zed' },
    });
    world.otherDrafts = [
      makeDraft({ name: 'Another League', status: 'active', teams: [draftTeamOf(stranger)] }),
    ];
    openRoom('/draft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument();

    // Also while the user's own draft has not started: their league's room says so, rather than another's auction.
    cleanup();
    world.draft = { ...world.draft, status: 'created', currentTeamTurn: null };
    openRoom('/draft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Another League' })).not.toBeInTheDocument();
  });

  it('says "Draft not found" once the draft an open room shows is deleted (404), not the deleted draft as live', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = openRoom();
    await screen.findByRole('heading', { level: 1, name: 'Sunday League' });

    // An admin deletes the draft: the room's live event makes it read the draft again, which is gone.
    world.draftAnswer = fail(404, 'Draft not found');
    await act(async () => {
      await store.dispatch(
        draftsApi.endpoints.getDraft.initiate(world.draft._id, { subscribe: false, forceRefetch: true }),
      );
    });

    expect(await screen.findByText('Draft not found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Sunday League' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Live Auction' })).not.toBeInTheDocument();
  });

  it('keeps the room when reading the draft again fails for another reason (server down)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = openRoom();
    await screen.findByRole('heading', { level: 1, name: 'Sunday League' });

    world.draftAnswer = fail(503, 'Service is degraded');
    await act(async () => {
      await store.dispatch(
        draftsApi.endpoints.getDraft.initiate(world.draft._id, { subscribe: false, forceRefetch: true }),
      );
    });

    await waitFor(() => expect(toastTexts()).toContain('Failed to load draft'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument();
    expect(screen.queryByText('Draft not found')).not.toBeInTheDocument();
  });

  it("lists the room's own draft's pool, best ADP first, 50 at most, without a query while the box is empty", async () => {
    openRoom();
    await findCard('Jahmyr Gibbs');
    expect(listCalls()).toEqual([
      {
        method: 'GET',
        path: '/players',
        body: undefined,
        params: { limit: '50', draftId: world.draft._id },
      },
    ]);
    expect(searchCalls()).toEqual([]);
    expect(grid().getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Top 4 of 204 by ADP')).toBeInTheDocument();
  });

  it('shows the card fields: jersey or ??, age, position, points to 1 decimal, rounded ADP, injury', async () => {
    openRoom();
    const mahomesCard = within(await findCard('Patrick Mahomes'));
    expect(mahomesCard.getByText('KC · #15 · Age 30')).toBeInTheDocument();
    expect(mahomesCard.getByText('QB')).toBeInTheDocument();
    expect(mahomesCard.getByText('278.6')).toBeInTheDocument();
    expect(mahomesCard.getByText('101')).toBeInTheDocument();
    expect(mahomesCard.getByText('Questionable')).toHaveClass('text-red-700');

    const gibbsCard = within(card('Jahmyr Gibbs'));
    expect(gibbsCard.getByText('DET · #0 · Age 24')).toBeInTheDocument();
    expect(gibbsCard.getByText('307.9')).toBeInTheDocument();
    expect(gibbsCard.getByText('2')).toBeInTheDocument();

    const rookieCard = within(card('Rookie Receiver'));
    expect(rookieCard.getByText('FA · ??')).toBeInTheDocument();
    expect(rookieCard.getByText('88.0')).toBeInTheDocument();
    expect(rookieCard.queryByText('ADP')).not.toBeInTheDocument();
    expect(rookieCard.queryByText(/Age/)).not.toBeInTheDocument();

    const positionColours = ['QB', 'RB', 'WR'].map(
      (position) => grid().getAllByText(position, { selector: '[data-position]' })[0].className,
    );
    expect(new Set(positionColours).size).toBe(3);
  });

  it("toasts 'Selected …' for an undrafted card; a drafted card is dimmed and does nothing", async () => {
    openRoom();
    fireEvent.click(await findCard('Patrick Mahomes'));
    await waitFor(() => expect(toastTexts()).toEqual(['Selected Patrick Mahomes (QB) - KC']));

    const taken = card('Bijan Robinson');
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(taken).toHaveClass('opacity-50');
    expect(within(taken).getByText('Drafted · $61')).toBeInTheDocument();
    expect(card('Patrick Mahomes')).not.toHaveAttribute('aria-disabled');
    fireEvent.click(taken);
    expect(toastTexts()).toEqual(['Selected Patrick Mahomes (QB) - KC']);
  });

  it('filters by position with pressed buttons, and ALL lists everything again', async () => {
    openRoom();
    await findCard('Jahmyr Gibbs');
    const filters = within(screen.getByRole('group', { name: 'Filter by position' }));
    expect(filters.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'ALL',
      'QB',
      'RB',
      'WR',
      'TE',
      'K',
      'DEF',
    ]);
    expect(filters.getByRole('button', { name: 'ALL' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(filters.getByRole('button', { name: 'RB' }));
    expect(filters.getByRole('button', { name: 'RB' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters.getByRole('button', { name: 'ALL' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(shownPositions()).toEqual(['RB', 'RB']));
    const draftId = world.draft._id;
    expect(listCalls().at(-1)?.params).toEqual({ limit: '50', position: 'RB', draftId });

    fireEvent.click(filters.getByRole('button', { name: 'QB' }));
    await waitFor(() => expect(shownPositions()).toEqual(['QB']));

    // A search keeps the filter.
    type('a');
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(searchCalls()[0].params).toEqual({ q: 'a', limit: '50', position: 'QB', draftId });

    fireEvent.click(filters.getByRole('button', { name: 'ALL' }));
    await waitFor(() => expect(searchCalls().at(-1)?.params).toEqual({ q: 'a', limit: '50', draftId }));
  });

  it('searches once the typing pauses, never for a blank query', async () => {
    openRoom();
    await findCard('Jahmyr Gibbs');
    type('   ');
    type('p');
    type('pa');
    type('pat ');
    expect(await screen.findByText('1 match')).toBeInTheDocument();
    expect(card('Patrick Mahomes')).toBeInTheDocument();
    expect(grid().queryByRole('button', { name: 'Jahmyr Gibbs' })).not.toBeInTheDocument();
    expect(searchCalls().map((call) => call.params?.q)).toEqual(['pat']);

    // Emptying the box goes back to the list (answered from the cache), still without a blank search.
    type('  ');
    expect(await findCard('Jahmyr Gibbs')).toBeInTheDocument();
    expect(searchCalls()).toHaveLength(1);
  });

  it('never shows the answer to an older query once a newer one was asked', async () => {
    const held = new Map<string, (answer: FakeAnswer) => void>();
    world.search = (call) => new Promise<FakeAnswer>((resolve) => held.set(call.params?.q ?? '', resolve));
    const stale = makePlayer({ name: 'Jah Stale', position: 'WR' });
    openRoom();
    await findCard('Jahmyr Gibbs');

    type('jah');
    await waitFor(() => expect(held.has('jah')).toBe(true));
    type('jahmyr');
    await waitFor(() => expect(held.has('jahmyr')).toBe(true));

    // The older answer arrives first: it is not for the current query.
    act(() => held.get('jah')!(ok({ players: [stale] })));
    expect(await screen.findByText('Searching players...')).toBeInTheDocument();
    expect(grid().queryByRole('button', { name: 'Jah Stale' })).not.toBeInTheDocument();

    act(() => held.get('jahmyr')!(ok({ players: [gibbs] })));
    expect(await findCard('Jahmyr Gibbs')).toBeInTheDocument();
    expect(grid().queryByRole('button', { name: 'Jah Stale' })).not.toBeInTheDocument();
  });

  it('drops a late answer to an older query that arrives after the newer one', async () => {
    const held = new Map<string, (answer: FakeAnswer) => void>();
    world.search = (call) => new Promise<FakeAnswer>((resolve) => held.set(call.params?.q ?? '', resolve));
    openRoom();
    await findCard('Jahmyr Gibbs');
    type('pat');
    await waitFor(() => expect(held.has('pat')).toBe(true));
    type('patrick');
    await waitFor(() => expect(held.has('patrick')).toBe(true));

    act(() => held.get('patrick')!(ok({ players: [mahomes] })));
    expect(await findCard('Patrick Mahomes')).toBeInTheDocument();
    act(() => held.get('pat')!(ok({ players: [rookie, mahomes] })));
    // Let the late answer be processed, then check it changed nothing.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(grid().getAllByRole('listitem')).toHaveLength(1);
    expect(grid().queryByRole('button', { name: 'Rookie Receiver' })).not.toBeInTheDocument();
  });

  it('hides the answer to the previous query as soon as a newer query is asked', async () => {
    const held = new Map<string, (answer: FakeAnswer) => void>();
    world.search = (call) => new Promise<FakeAnswer>((resolve) => held.set(call.params?.q ?? '', resolve));
    const stale = makePlayer({ name: 'Jah Stale', position: 'WR' });
    openRoom();
    await findCard('Jahmyr Gibbs');
    type('jah');
    await waitFor(() => expect(held.has('jah')).toBe(true));
    act(() => held.get('jah')!(ok({ players: [stale] })));
    expect(await findCard('Jah Stale')).toBeInTheDocument();

    type('jahmyr');
    await waitFor(() => expect(held.has('jahmyr')).toBe(true));
    expect(screen.getByText('Searching players...')).toBeInTheDocument();
    expect(grid().queryByRole('button', { name: 'Jah Stale' })).not.toBeInTheDocument();
    act(() => held.get('jahmyr')!(ok({ players: [gibbs] })));
    expect(await findCard('Jahmyr Gibbs')).toBeInTheDocument();
  });

  it("says 'No players found' with the query when nothing matches", async () => {
    openRoom();
    await findCard('Jahmyr Gibbs');
    type('zzyzx');
    expect(await screen.findByText('No players found')).toBeInTheDocument();
    expect(screen.getByText(/No players match “zzyzx”/)).toBeInTheDocument();
  });

  it('says why a pasted NUL cannot be searched, without asking the server', async () => {
    openRoom();
    await findCard('Jahmyr Gibbs');
    type('pat\u0000rick');
    expect(await screen.findByText('This search cannot be run')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Search query contains a character that is not allowed (NUL or an unpaired surrogate)',
      ),
    ).toBeInTheDocument();
    expect(searchCalls()).toEqual([]);
    expect(toastTexts()).toEqual([]);
    type('pat');
    expect(await screen.findByText('1 match')).toBeInTheDocument();
  });

  it('only logs a failed search (the central error toast is the one message)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    world.search = () => fail(500, 'database down');
    openRoom();
    await findCard('Jahmyr Gibbs');
    type('mahomes');
    expect(await screen.findByText('Players could not be loaded')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to search players', expect.anything());
    expect(toastTexts()).toEqual(['Server error. Please try again later.']);
  });
});
