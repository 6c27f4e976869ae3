import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import type { Draft, Team, User } from '@auction/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { authReducer } from '../../../app/auth-slice.js';
import { baseApi } from '../../../shared/api/base-api.js';
import { AdminDashboardPage } from '../index.js';
import { fail, installFakeApi, ok, type FakeAnswer, type FakeCall } from '../../../test/fake-api.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { draftTeamOf, makeDraft, makePlayerStats, makeTeam, makeUser } from '../../../test/fixtures.js';

function createTestStore() {
  return configureStore({
    reducer: { auth: authReducer, [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

interface World {
  drafts: Draft[];
  teams: Team[];
  users: User[];
  /** Overrides for single calls, keyed "METHOD /path". */
  special: Record<string, (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>>;
}

let world: World;
let api: ReturnType<typeof installFakeApi>;

function respond(call: FakeCall): FakeAnswer | Promise<FakeAnswer> {
  const special = world.special[`${call.method} ${call.path}`];
  if (special) return special(call);
  if (call.method === 'GET' && call.path === '/drafts') return ok({ drafts: world.drafts });
  if (call.method === 'GET' && call.path === '/teams') return ok({ teams: world.teams });
  if (call.method === 'GET' && call.path === '/users') return ok({ users: world.users });
  if (call.method === 'GET' && call.path === '/players/stats/summary') return ok(makePlayerStats());
  return fail(404, 'Not found');
}

const hawks = makeTeam({ name: 'Hawks', teamNumber: 1 });
const bears = makeTeam({
  name: 'Bears',
  teamNumber: 2,
  ownerId: { _id: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11', username: 'ann' },
});
const ready = makeDraft({ name: 'Sunday League', teams: [draftTeamOf(hawks)] });
const running = makeDraft({
  name: 'Monday League',
  status: 'active',
  currentRound: 4,
  teams: [draftTeamOf(bears)],
});
const bob = makeUser({ username: 'bob', email: 'bob@example.com' });

beforeEach(() => {
  world = { drafts: [ready, running], teams: [hawks, bears], users: [bob], special: {} };
  api = installFakeApi(respond);
});

afterEach(() => {
  api.restore();
  act(() => toast.remove());
  jest.restoreAllMocks();
});

async function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={['/admin']}>
        <AdminDashboardPage />
        <ToastTexts />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByRole('listitem', { name: 'Sunday League' });
}

const draftRow = (name: string) => within(screen.getByRole('listitem', { name }));
const silenceConsoleErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

describe('AdminDashboardPage', () => {
  it('shows the header, quick actions, both lists and the stats', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage drafts, teams, and system settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync Players' })).toHaveAccessibleDescription(
      'Update player data from the sports data provider',
    );
    expect(screen.getByRole('link', { name: 'Manage Picks' })).toHaveAttribute('href', '/admin/picks');

    expect(draftRow('Monday League').getByText('Round 4')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Bears' })).getByText('ann')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Hawks' })).getByText('No owner assigned'),
    ).toBeInTheDocument();

    const stats = within(screen.getByRole('region', { name: 'System Stats' }));
    expect(stats.getByText('Total Drafts').nextElementSibling).toHaveTextContent('2');
    expect(stats.getByText('Active Drafts').nextElementSibling).toHaveTextContent('1');
    expect(stats.getByText('Teams with Owners').nextElementSibling).toHaveTextContent('1');
  });

  it('starts a draft and says so', async () => {
    world.special[`POST /drafts/${ready._id}/start`] = () => {
      world.drafts = [{ ...ready, status: 'active' }, running];
      return ok({ draft: world.drafts[0] });
    };
    await renderPage();
    fireEvent.click(draftRow('Sunday League').getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(toastTexts()).toContain('Draft started successfully'));
    // The list is refetched: a started draft offers no Start any more.
    await waitFor(() =>
      expect(draftRow('Sunday League').queryByRole('button', { name: 'Start' })).not.toBeInTheDocument(),
    );
  });

  it('syncs players: "Syncing..." and disabled while running, then the count', async () => {
    let finish: (answer: FakeAnswer) => void = () => undefined;
    world.special['POST /players/sync'] = () => new Promise<FakeAnswer>((resolve) => (finish = resolve));
    await renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Sync Players' }));
    const syncing = await screen.findByRole('button', { name: 'Syncing...' });
    expect(syncing).toBeDisabled();
    fireEvent.click(syncing);
    expect(api.calls.filter((call) => call.path === '/players/sync')).toHaveLength(1);

    finish(ok({ updatedPlayers: 42 }));
    await waitFor(() => expect(toastTexts()).toContain('Player sync completed: 42 players updated'));
    expect(await screen.findByRole('button', { name: 'Sync Players' })).toBeEnabled();
  });

  it('tells the admin when the sync fails', async () => {
    silenceConsoleErrors();
    world.special['POST /players/sync'] = () => fail(500, 'provider down');
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sync Players' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('Failed to sync players from the sports data provider'),
    );
    expect(toastTexts()).toContain('Server error. Please try again later.');
  });

  it('assigns teams from the Teams (n) dialog', async () => {
    world.special[`POST /drafts/${ready._id}/teams`] = (call) => {
      const teamIds = (call.body as { teamIds: string[] }).teamIds;
      const draft = {
        ...ready,
        teams: world.teams.filter((team) => teamIds.includes(team._id)).map(draftTeamOf),
      };
      world.drafts = [draft, running];
      return ok({ draft });
    };
    await renderPage();
    fireEvent.click(draftRow('Sunday League').getByRole('button', { name: 'Teams (1)' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Assign Teams' }));
    expect(dialog.getByText('Selected: 1 teams')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Select All' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Assign 2 Teams' }));

    await waitFor(() => expect(toastTexts()).toContain('Teams assigned successfully'));
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: `/drafts/${ready._id}/teams`,
      body: { teamIds: [hawks._id, bears._id] },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await draftRow('Sunday League').findByRole('button', { name: 'Teams (2)' })).toBeInTheDocument();
  });

  it('keeps the delete dialog open and says so when deleting fails', async () => {
    silenceConsoleErrors();
    world.special[`DELETE /drafts/${running._id}`] = () => fail(409, 'Draft is busy');
    await renderPage();
    fireEvent.click(draftRow('Monday League').getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Draft' }));
    expect(
      dialog.getByText(
        'This draft has been started or completed. Deleting it will reset all player draft statuses and clear team rosters.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Draft' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to delete draft'));
    expect(toastTexts()).toContain('Draft is busy');
    expect(screen.getByRole('dialog', { name: 'Delete Draft' })).toBeInTheDocument();
  });

  it('deletes a draft', async () => {
    world.special[`DELETE /drafts/${ready._id}`] = () => {
      world.drafts = [running];
      return ok({});
    };
    await renderPage();
    fireEvent.click(draftRow('Sunday League').getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Draft' }));
    await waitFor(() => expect(toastTexts()).toContain('Draft deleted successfully'));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Sunday League' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a taken team number on the Create Team form', async () => {
    silenceConsoleErrors();
    world.special['POST /teams'] = (call) =>
      fail(409, `Team number ${(call.body as Team).teamNumber} is already taken`);
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Team' }));
    fireEvent.change(dialog.getByLabelText('Team Name'), { target: { value: 'Lions' } });
    fireEvent.change(dialog.getByLabelText('Team Number'), { target: { value: '2' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Team' }));
    expect(await dialog.findByText('Team number 2 is already taken')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: '/teams',
      body: { name: 'Lions', teamNumber: 2 },
    });
  });

  it('creates a draft and closes the dialog', async () => {
    world.special['POST /drafts'] = (call) => ok({ draft: makeDraft({ name: (call.body as Draft).name }) });
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create Draft' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Draft' }));
    fireEvent.change(dialog.getByLabelText('Draft Name'), { target: { value: 'Playoffs' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Draft' }));
    await waitFor(() => expect(toastTexts()).toContain('Draft created successfully'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: '/drafts',
      body: {
        name: 'Playoffs',
        settings: { teamsCount: 12, playersPerTeam: 20, budgetPerTeam: 260, draftType: 'auction' },
      },
    });
  });

  it('assigns an owner chosen from the users list', async () => {
    world.special[`POST /teams/${hawks._id}/assign-owner`] = () =>
      ok({ team: { ...hawks, ownerId: { _id: bob._id, username: bob.username } } });
    await renderPage();
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Hawks' })).getByRole('button', { name: 'Assign Owner' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Assign Owner' }));
    const select = await dialog.findByRole('combobox', { name: 'Select User' });
    fireEvent.change(select, { target: { value: bob._id } });
    fireEvent.click(dialog.getByRole('button', { name: 'Assign User' }));
    await waitFor(() => expect(toastTexts()).toContain('User assigned to team successfully'));
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: `/teams/${hawks._id}/assign-owner`,
      body: { userId: bob._id },
    });
  });

  it('says "Failed to assign user to team" when assigning fails', async () => {
    silenceConsoleErrors();
    world.special[`POST /teams/${hawks._id}/assign-owner`] = () => fail(409, 'bob already owns Bears');
    await renderPage();
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Hawks' })).getByRole('button', { name: 'Assign Owner' }),
    );
    fireEvent.change(await screen.findByRole('combobox', { name: 'Select User' }), {
      target: { value: bob._id },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Assign User' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to assign user to team'));
    expect(screen.getByRole('dialog', { name: 'Assign Owner' })).toBeInTheDocument();
  });

  it('shows the empty lists', async () => {
    world.drafts = [];
    world.teams = [];
    render(
      <Provider store={createTestStore()}>
        <MemoryRouter>
          <AdminDashboardPage />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('No drafts created yet')).toBeInTheDocument();
    expect(screen.getByText('No teams created yet')).toBeInTheDocument();
  });
});
