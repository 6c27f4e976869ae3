import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ServerEvents, type PlayerSyncProgress } from '@auction/contracts';
import { configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { authReducer } from '../../../app/auth-slice.js';
import { baseApi } from '../../../shared/api/base-api.js';
import { fail, installFakeApi, ok, type FakeAnswer, type FakeCall } from '../../../test/fake-api.js';
import { installFakeLiveSocket, type FakeLiveSocket } from '../../../test/fake-live-socket.js';
import { makePlayerStats } from '../../../test/fixtures.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { AdminDashboardPage } from '../index.js';

const COMPLETED = (n: number) => `Player sync completed: ${n} players updated`;
const FAILED = 'Failed to sync players from the sports data provider';

let api: ReturnType<typeof installFakeApi>;
let live: ReturnType<typeof installFakeLiveSocket>;
let socket: FakeLiveSocket;
let syncAnswer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;
let lastSyncedAt: string | null;

beforeEach(() => {
  lastSyncedAt = null;
  syncAnswer = () => ok({ jobId: 'job-1', status: 'completed', provider: 'bundled', updatedPlayers: 3 });
  api = installFakeApi((call) => {
    if (call.method === 'POST' && call.path === '/players/sync') return syncAnswer(call);
    if (call.path === '/drafts') return ok({ drafts: [] });
    if (call.path === '/teams') return ok({ teams: [] });
    if (call.path === '/players/stats/summary') return ok(makePlayerStats({ lastSyncedAt }));
    return fail(404, 'Not found');
  });
  live = installFakeLiveSocket();
  socket = live.socket;
});

afterEach(() => {
  api.restore();
  live.restore();
  act(() => toast.remove());
  jest.restoreAllMocks();
});

function renderPage() {
  const store = configureStore({
    reducer: { auth: authReducer, [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin']}>
        <AdminDashboardPage />
        <ToastTexts />
      </MemoryRouter>
    </Provider>,
  );
}

const running = (): FakeAnswer => ({
  status: 202,
  body: {
    success: true,
    message: 'Player sync is still running',
    data: {
      jobId: 'job-7',
      status: 'running',
      provider: 'sleeper',
      updatedPlayers: null,
      inserted: null,
      durationMs: null,
    },
  },
});

const progress = (overrides: Partial<PlayerSyncProgress>): PlayerSyncProgress => ({
  jobId: 'job-7',
  provider: 'sleeper',
  phase: 'writing',
  processed: 0,
  total: 0,
  ...overrides,
});

const send = (event: PlayerSyncProgress | unknown) =>
  act(() => socket.serverSends(ServerEvents.playerSyncProgress, event));

const syncButton = () => screen.getByRole('button', { name: /^(Sync Players|Syncing\.\.\.)$/ });
const statsCalls = () => api.calls.filter((call) => call.path === '/players/stats/summary').length;

describe('Sync Players card', () => {
  it('listens to sync progress only while the admin page is open', async () => {
    const { unmount } = renderPage();
    await screen.findByText('Never synced');
    expect(socket.listenerCount(ServerEvents.playerSyncProgress)).toBe(1);
    unmount();
    expect(socket.listenerCount(ServerEvents.playerSyncProgress)).toBe(0);
  });

  it('follows a long sync (202) with a progress bar until its completed event, then says how many', async () => {
    syncAnswer = running;
    renderPage();
    await screen.findByText('Never synced');
    fireEvent.click(syncButton());

    expect(await screen.findByRole('button', { name: 'Syncing...' })).toBeDisabled();
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/players/sync')).toHaveLength(1));
    send(progress({ phase: 'fetching' }));
    const bar = screen.getByRole('progressbar', { name: 'Player sync progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Fetching players from the provider')).toBeInTheDocument();

    send(progress({ processed: 1200, total: 3000 }));
    expect(bar).toHaveAttribute('aria-valuenow', '1200');
    expect(bar).toHaveAttribute('aria-valuemax', '3000');
    expect(screen.getByText('Saving players: 1,200 of 3,000')).toBeInTheDocument();
    expect(syncButton()).toBeDisabled();
    expect(toastTexts()).toEqual([]);

    const statsBefore = statsCalls();
    send(progress({ phase: 'completed', processed: 3000, total: 3000 }));
    await waitFor(() => expect(toastTexts()).toEqual([COMPLETED(3000)]));
    expect(screen.getByRole('button', { name: 'Sync Players' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The job wrote players: the stats ("Last synced") are fetched again.
    await waitFor(() => expect(statsCalls()).toBeGreaterThan(statsBefore));
  });

  it('says the sync failed when the running job reports failure', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    syncAnswer = running;
    renderPage();
    await screen.findByText('Never synced');
    fireEvent.click(syncButton());
    await waitFor(() => expect(api.calls.some((call) => call.path === '/players/sync')).toBe(true));
    await screen.findByRole('button', { name: 'Syncing...' });
    // Other jobs' endings are not this admin's.
    send(progress({ jobId: 'job-other', phase: 'failed', message: 'not mine' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled());
    send(progress({ phase: 'failed', message: 'Provider answered 503' }));
    await waitFor(() => expect(toastTexts()).toEqual([FAILED]));
    expect(screen.getByRole('button', { name: 'Sync Players' })).toBeEnabled();
  });

  it('finishes once when the job ends before its 202 answer arrives', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    syncAnswer = () => new Promise<FakeAnswer>((resolve) => (answer = resolve));
    renderPage();
    await screen.findByText('Never synced');
    fireEvent.click(syncButton());
    await waitFor(() => expect(api.calls.some((call) => call.path === '/players/sync')).toBe(true));

    send(progress({ processed: 40, total: 80 }));
    send(progress({ phase: 'completed', processed: 80, total: 80 }));
    expect(toastTexts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();

    answer(running());
    await waitFor(() => expect(toastTexts()).toEqual([COMPLETED(80)]));
    expect(screen.getByRole('button', { name: 'Sync Players' })).toBeEnabled();
  });

  it('takes the count from a quick sync (200) and ignores its late events', async () => {
    syncAnswer = () => ok({ jobId: 'job-7', status: 'completed', provider: 'bundled', updatedPlayers: 573 });
    renderPage();
    await screen.findByText('Never synced');
    fireEvent.click(syncButton());
    await waitFor(() => expect(toastTexts()).toEqual([COMPLETED(573)]));
    send(progress({ phase: 'completed', processed: 573, total: 573 }));
    expect(toastTexts()).toEqual([COMPLETED(573)]);
    expect(syncButton()).toBeEnabled();
  });

  it('shows the server message when a sync already runs (409), then follows that sync without toasting it', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    syncAnswer = () => fail(409, 'A player sync is already running');
    renderPage();
    await screen.findByText('Never synced');
    fireEvent.click(syncButton());
    await waitFor(() => expect(toastTexts()).toEqual(['A player sync is already running']));
    expect(syncButton()).toBeEnabled();

    send(progress({ jobId: 'job-3', processed: 10, total: 100 }));
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    send(progress({ jobId: 'job-3', phase: 'completed', processed: 100, total: 100 }));
    expect(screen.getByRole('button', { name: 'Sync Players' })).toBeEnabled();
    expect(toastTexts()).toEqual(['A player sync is already running']);
  });

  it('blocks a second sync while another admin’s sync reports progress', async () => {
    renderPage();
    await screen.findByText('Never synced');
    send(progress({ jobId: 'job-9', phase: 'validating', processed: 5, total: 50 }));
    const busy = screen.getByRole('button', { name: 'Syncing...' });
    expect(busy).toBeDisabled();
    fireEvent.click(busy);
    expect(api.calls.some((call) => call.path === '/players/sync')).toBe(false);
  });

  it('ignores progress events that do not match the contract', async () => {
    renderPage();
    await screen.findByText('Never synced');
    send({ phase: 'writing', processed: 'lots' });
    send(null);
    expect(syncButton()).toHaveAccessibleName('Sync Players');
  });

  it('shows when the pool was last synced', async () => {
    lastSyncedAt = new Date(Date.now() - 5 * 60_000 - 5_000).toISOString();
    renderPage();
    expect(await screen.findByText('Last synced 5 minutes ago')).toBeInTheDocument();
  });
});
