import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ServerEvents, type Draft, type Pick, type Team } from '@auction/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { fail, installFakeApi, ok, type FakeAnswer, type FakeCall } from '../../../test/fake-api.js';
import { installFakeLiveSocket, type FakeLiveSocket } from '../../../test/fake-live-socket.js';
import { draftTeamOf, makeDraft, makePick as makeSale, makeTeam } from '../../../test/fixtures.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { DraftPicksPage } from '../draft-picks-page.js';
import { filterPicks, parseEditedCost, summarise } from '../picks-view.js';

const lions: Team = makeTeam({ name: 'Lions Den', teamNumber: 1 });
const hawks: Team = makeTeam({ name: 'Hawks', teamNumber: 2 });
const sunday: Draft = makeDraft({
  name: 'Sunday League',
  status: 'active',
  teams: [draftTeamOf(lions), draftTeamOf(hawks)],
});
const office: Draft = makeDraft({ name: 'Office Pool', status: 'completed', teams: [draftTeamOf(hawks)] });
const spare: Draft = makeDraft({ name: 'Spare', status: 'created' });

function makePick(
  draft: Draft,
  team: Team,
  pickNumber: number,
  playerName: string,
  nflTeam: string,
  cost: number,
): Pick {
  return { ...makeSale(draft, team, pickNumber, playerName, 'RB', cost), nflTeam };
}

const gibbs = makePick(sunday, lions, 1, 'Jahmyr Gibbs', 'DET', 61);
const chase = makePick(sunday, hawks, 2, "Ja'Marr Chase", 'CIN', 58);
const kelce = makePick(office, hawks, 1, 'Travis Kelce', 'KC', 20);

let picks: Pick[];
let api: ReturnType<typeof installFakeApi>;
let live: { socket: FakeLiveSocket; restore: () => void };
let answerUpdate: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

beforeEach(() => {
  picks = [gibbs, chase, kelce];
  answerUpdate = (call) => {
    const id = call.path.split('/').at(-1);
    const pick = picks.find((candidate) => candidate._id === id)!;
    return ok({ pick: { ...pick, ...(call.body as object) } });
  };
  api = installFakeApi((call) => {
    if (call.path === '/drafts') return ok({ drafts: [sunday, office, spare] });
    if (call.path === '/drafts/picks/recent') return ok({ picks });
    if (call.path === `/drafts/${sunday._id}/picks` && call.method === 'GET') {
      return ok({ picks: picks.filter((pick) => pick.draftId === sunday._id) });
    }
    if (call.method === 'PUT') return answerUpdate(call);
    if (call.method === 'DELETE') return ok(null);
    return fail(404, 'Not found');
  });
  live = installFakeLiveSocket();
});

afterEach(() => {
  cleanup();
  api.restore();
  live.restore();
  act(() => toast.remove());
  jest.restoreAllMocks();
});

function openPage() {
  return renderRoutes(
    [
      {
        path: '/admin/picks',
        element: (
          <>
            <DraftPicksPage />
            <ToastTexts />
          </>
        ),
      },
      { path: '/admin', element: <p>Admin home</p> },
    ],
    { path: '/admin/picks' },
  );
}

const table = () => within(screen.getByRole('table', { name: 'Draft picks' }));
const rowNames = () =>
  table()
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search by player name, team, or NFL team...' });
const draftFilter = () => screen.getByRole('combobox', { name: 'Filter by Draft' });
const card = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('Draft Picks Management', () => {
  it('offers no edit or undo for a keeper of a draft not started: the server refuses them (409)', async () => {
    // Before the start the only picks are keepers, changed in the admin dashboard's Keepers dialog.
    const kept: Pick = { ...makePick(spare, lions, 1, 'Kept Player', 'BUF', 5), source: 'keeper' };
    picks = [gibbs, kept];
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    expect(table().getByRole('button', { name: 'Edit pick #1: Kept Player' })).toBeDisabled();
    expect(table().getByRole('button', { name: 'Undo pick #1: Kept Player' })).toBeDisabled();
    expect(table().getByRole('button', { name: 'Edit pick #1: Jahmyr Gibbs' })).toBeEnabled();
    expect(table().getByRole('button', { name: 'Undo pick #1: Jahmyr Gibbs' })).toBeEnabled();
  });

  it('shows the title, summary cards and the table of picks', async () => {
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Draft Picks Management' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(card('Total Picks')).toBe('3');
    expect(card('Total Drafts')).toBe('3');
    expect(card('Active Drafts')).toBe('1');
    expect(card('Completed Drafts')).toBe('1');
    // (61 + 58 + 20) / 3 = 46.33
    expect(card('Average Cost')).toBe('$46');
    expect(
      table()
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pick #', 'Player', 'Position', 'NFL Team', 'Fantasy Team', 'Cost', 'Draft', 'Actions']);
    const first = within(table().getAllByRole('row')[1]);
    expect(first.getByText('ID: 4001')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/drafts/picks/recent')?.params).toEqual({ limit: '100' });
  });

  it('searches player, fantasy team and NFL team case-insensitively and filters by draft', async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.change(search(), { target: { value: 'hawks' } });
    expect(rowNames()).toEqual(["Ja'Marr ChaseID: 4002", 'Travis KelceID: 4001']);
    fireEvent.change(search(), { target: { value: 'det' } });
    expect(rowNames()).toEqual(['Jahmyr GibbsID: 4001']);
    fireEvent.change(search(), { target: { value: 'nobody' } });
    expect(screen.getByText('No picks found matching your criteria')).toBeInTheDocument();
    fireEvent.change(search(), { target: { value: '' } });

    expect(
      within(draftFilter())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Drafts', 'Sunday League (active)', 'Office Pool (completed)', 'Spare (created)']);
    fireEvent.change(draftFilter(), { target: { value: sunday._id } });
    await waitFor(() => expect(rowNames()).toEqual(['Jahmyr GibbsID: 4001', "Ja'Marr ChaseID: 4002"]));
    expect(api.calls.some((call) => call.path === `/drafts/${sunday._id}/picks`)).toBe(true);
  });

  it("never shows the previously chosen draft's picks or summary for the draft chosen now", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.change(draftFilter(), { target: { value: sunday._id } });
    await waitFor(() => expect(card('Total Picks')).toBe('2'));

    // The other draft's picks cannot be read.
    fireEvent.change(draftFilter(), { target: { value: office._id } });
    expect(await screen.findByText('No picks found matching your criteria')).toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('Failed to load picks data'));
    expect(card('Total Picks')).toBe('0');
    expect(card('Average Cost')).toBe('$0');
  });

  it('edits a row, confirms in "Confirm Pick Update" and sends the spec body', async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Edit pick #1: Jahmyr Gibbs' }));
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'Jahmyr Gibbs Jr.' } });
    const position = screen.getByLabelText('Position');
    expect(
      within(position)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['QB', 'RB', 'WR', 'TE', 'K', 'DEF']);
    fireEvent.change(position, { target: { value: 'WR' } });
    fireEvent.change(screen.getByLabelText('NFL team'), { target: { value: 'DAL' } });
    const team = screen.getByLabelText('Fantasy team');
    expect(
      within(team)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lions Den #1', 'Hawks #2']);
    fireEvent.change(team, { target: { value: hawks._id } });
    fireEvent.change(screen.getByLabelText('Cost'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Pick Update' }));
    expect(
      dialog.getByText(
        /update the player information, modify team rosters, update player draft status and emit real-time updates to all connected users/,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText('This action cannot be easily undone.')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Update Pick' }));

    await waitFor(() => expect(toastTexts()).toContain('Pick updated successfully'));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/drafts/${sunday._id}/picks/${gibbs._id}`);
    expect(put?.body).toEqual({
      pickNumber: 1,
      playerId: '4001',
      playerName: 'Jahmyr Gibbs Jr.',
      position: 'WR',
      nflTeam: 'DAL',
      cost: 45,
      teamId: hawks._id,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Player name')).not.toBeInTheDocument();
  });

  it("shows 'Updating...' while saving, and 'Failed to update pick' when the server refuses (cost not a number is 0)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: (answer: FakeAnswer) => void = () => undefined;
    answerUpdate = () => new Promise<FakeAnswer>((resolve) => (release = resolve));
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: "Edit pick #2: Ja'Marr Chase" }));
    fireEvent.change(screen.getByLabelText('Cost'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Pick' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect((api.calls.find((call) => call.method === 'PUT')?.body as { cost: number }).cost).toBe(0);
    act(() => release(fail(400, 'Cost must be at least $1')));
    await waitFor(() => expect(toastTexts()).toContain('Failed to update pick'));
    expect(toastTexts()).toContain('Cost must be at least $1');
  });

  it("aborts with 'Pick not found' when the pick vanished before confirming", async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Edit pick #1: Jahmyr Gibbs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Someone undid the pick meanwhile: the live event removes it from the list.
    act(() =>
      live.socket.serverSends('pickUndone', {
        draftId: sunday._id,
        position: '77',
        serverTime: new Date().toISOString(),
        pickNumber: 1,
        pick: gibbs,
      }),
    );
    await waitFor(() => expect(rowNames()).toEqual(["Ja'Marr ChaseID: 4002", 'Travis KelceID: 4001']));
    // Later picks of the same draft move up one number.
    expect(screen.getByRole('button', { name: "Edit pick #1: Ja'Marr Chase" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update Pick' }));
    await waitFor(() => expect(toastTexts()).toContain('Pick not found'));
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('undoes a pick after its own confirmation', async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Undo pick #1: Travis Kelce' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Undo Pick' }));
    expect(dialog.getByText(/Travis Kelce to Hawks for \$20/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Undo Pick' }));
    await waitFor(() => expect(toastTexts()).toContain('Pick #1 has been undone'));
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/drafts/${office._id}/picks/${kelce._id}`,
    );
  });

  it('reads the picks again once the socket is back (authenticated again): picks made meanwhile show', async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const authenticatedAgain = () =>
      act(() => live.socket.serverSends(ServerEvents.authenticated, { user: { username: 'admin' } }));

    // Offline while a pick is made in each list's draft; then the socket reconnects and authenticates again.
    picks = [makePick(sunday, lions, 3, 'Puka Nacua', 'LAR', 40), ...picks];
    authenticatedAgain();
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(rowNames()).toContain('Puka NacuaID: 4003');

    fireEvent.change(draftFilter(), { target: { value: sunday._id } });
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    picks = [...picks, makePick(sunday, hawks, 4, 'Sam LaPorta', 'DET', 12)];
    authenticatedAgain();
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(rowNames().at(-1)).toBe('Sam LaPortaID: 4004');
  });

  it('adds picks made live, once, and goes back with Back', async () => {
    const { router } = openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const newPick = makePick(sunday, lions, 3, 'Puka Nacua', 'LAR', 40);
    const event = {
      draftId: sunday._id,
      position: '90',
      serverTime: new Date().toISOString(),
      pick: newPick,
      team: lions,
    };
    act(() => live.socket.serverSends('pickMade', event));
    act(() => live.socket.serverSends('pickMade', event));
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(card('Total Picks')).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('keeps showing the 100 newest picks when one is made live: the oldest leaves the list', async () => {
    picks = Array.from({ length: 100 }, (_, i) =>
      makePick(office, hawks, 100 - i, `Player ${100 - i}`, 'KC', 1),
    );
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(100));
    const newest = makePick(office, hawks, 101, 'Player 101', 'KC', 1);
    act(() =>
      live.socket.serverSends('pickMade', {
        draftId: office._id,
        position: '900',
        version: 200,
        serverTime: new Date().toISOString(),
        pick: newest,
        team: hawks,
      }),
    );
    await waitFor(() => expect(rowNames()[0]).toBe('Player 101ID: 4101'));
    expect(rowNames()).toHaveLength(100);
    expect(rowNames().at(-1)).toBe('Player 2ID: 4002');
    expect(card('Total Picks')).toBe('100');
  }, 20_000); // 100 table rows rendered twice: ~4 s alone on a 2-core machine, more beside other test workers

  it("keeps one draft's picks in pick order when a pick is made live (the newest last, as the server lists them)", async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.change(draftFilter(), { target: { value: sunday._id } });
    await waitFor(() => expect(rowNames()).toEqual(['Jahmyr GibbsID: 4001', "Ja'Marr ChaseID: 4002"]));
    const puka = makePick(sunday, lions, 3, 'Puka Nacua', 'LAR', 40);
    act(() =>
      live.socket.serverSends('pickMade', {
        draftId: sunday._id,
        position: '90',
        version: 5,
        serverTime: new Date().toISOString(),
        pick: puka,
        team: lions,
      }),
    );
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(rowNames()).toEqual(['Jahmyr GibbsID: 4001', "Ja'Marr ChaseID: 4002", 'Puka NacuaID: 4003']);
  });

  it('applies every live event of two drafts whose global positions are not in commit order, each once', async () => {
    openPage();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const send = (event: string, draft: Draft, position: string, version: number, payload: object) =>
      act(() =>
        live.socket.serverSends(event, {
          draftId: draft._id,
          position,
          version,
          serverTime: new Date().toISOString(),
          ...payload,
        }),
      );
    const puka = makePick(sunday, lions, 3, 'Puka Nacua', 'LAR', 40);
    const bijan = makePick(office, hawks, 2, 'Bijan Robinson', 'ATL', 30);
    const nabers = makePick(sunday, hawks, 4, 'Malik Nabers', 'NYG', 35);
    // Global positions are taken before commit: the office draft's sale committed later with a lower position.
    send('pickMade', sunday, '120', 7, { pick: puka, team: lions });
    send('pickMade', office, '110', 4, { pick: bijan, team: hawks });
    // The same sale's other event (same version, another name) is applied; a second delivery of pickMade is not.
    send('playerAssigned', office, '110', 4, {
      pick: bijan,
      playerName: bijan.playerName,
      teamName: 'Hawks',
      cost: 30,
    });
    send('pickMade', sunday, '115', 8, { pick: nabers, team: hawks });
    await waitFor(() => expect(rowNames()).toHaveLength(6));

    // An undo delivered twice (two instances) moves the later picks of its draft up once, not twice.
    send('pickUndone', sunday, '130', 9, { pickNumber: 1, pick: gibbs });
    send('pickUndone', sunday, '130', 9, { pickNumber: 1, pick: gibbs });
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    expect(screen.getByRole('button', { name: 'Edit pick #3: Malik Nabers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit pick #2: Puka Nacua' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit pick #2: Bijan Robinson' })).toBeInTheDocument();
    // A late, older event of a draft is dropped.
    send('pickMade', sunday, '100', 6, {
      pick: makePick(sunday, lions, 9, 'Late Larry', 'SEA', 1),
      team: lions,
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(rowNames()).toHaveLength(5);
  });

  it('summarises and filters as pure functions', () => {
    expect(summarise([], []).averageCost).toBe(0);
    expect(summarise([gibbs, chase], []).averageCost).toBe(60);
    expect(filterPicks([gibbs, chase, kelce], 'KC', '')).toEqual([kelce]);
    expect(filterPicks([gibbs, chase, kelce], '', office._id)).toEqual([kelce]);
    expect(parseEditedCost('12.7')).toBe(12);
    expect(parseEditedCost('')).toBe(0);
  });
});
