import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ServerEvents, type Draft, type DraftAuctionData, type Player } from '@auction/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { sessionRestored } from '../../../app/auth-slice.js';
import { fail, installFakeApi, ok, type FakeAnswer } from '../../../test/fake-api.js';
import { installFakeLiveSocket } from '../../../test/fake-live-socket.js';
import { draftTeamOf, makeDraft, makePick, makePlayer, makeTeam, makeUser } from '../../../test/fixtures.js';
import { liveStatus } from '../../../test/live-status.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { draftsApi } from '../../../shared/api/drafts.api.js';
import { DraftPage } from '../draft-page.js';
import { makeAuction } from './auction-fixtures.js';

// One tab moves from one draft's room to another's (a link, the browser's back button): nothing of the first draft
// may show in the second's room, also while the second loads or when part of it cannot be read.

const me = makeUser({ username: 'alice' });
const gurus = makeTeam({ name: 'Gridiron Gurus', ownerId: { _id: me._id, username: me.username } });
const hawks = makeTeam({ name: 'Hawks', teamNumber: 2 });
const sharks = makeTeam({ name: 'Sunday Sharks', teamNumber: 3 });
const titans = makeTeam({ name: 'Touchdown Titans', teamNumber: 4 });
const turnOf = (team: typeof gurus) => ({ _id: team._id, name: team.name, teamNumber: team.teamNumber });

const alpha = makeDraft({
  name: 'Alpha League',
  status: 'active',
  teams: [draftTeamOf(gurus), draftTeamOf(hawks)],
  currentTeamTurn: turnOf(gurus),
});
const beta = makeDraft({
  name: 'Beta League',
  status: 'active',
  teams: [draftTeamOf(sharks), draftTeamOf(titans)],
  currentTeamTurn: turnOf(sharks),
});

function snapshot(draft: Draft, auction: DraftAuctionData['auction']): DraftAuctionData {
  return {
    auction,
    lastCompletedAuction: null,
    draftStatus: draft.status,
    currentTeamTurn: draft.currentTeamTurn,
    nominationDeadline: null,
    nominationTimeLeftMs: null,
    serverTime: new Date().toISOString(),
    version: draft.version,
  };
}

let api: ReturnType<typeof installFakeApi>;
/** Answers held back until the test lets them go, by path. */
const held = new Map<string, () => void>();
let betaAuctionAnswer: FakeAnswer;
/** GET /drafts and GET /drafts/{alpha}: Alpha as the server has it now (null: deleted). */
let alphaNow: Draft | null;
/** The Alpha pool as the server answers it now. */
let alphaPool: Player[];
/** Whether GET /drafts/{alpha} is held back (answering Alpha as it was when asked) until the test lets it go. */
let holdAlphaReads: boolean;
const nacua = makePlayer({ name: 'Puka Nacua', position: 'WR', team: 'LAR' });

beforeEach(() => {
  betaAuctionAnswer = ok(snapshot(beta, null));
  alphaNow = alpha;
  alphaPool = [nacua];
  holdAlphaReads = false;
  const alphaAuction = makeAuction({ bidder: gurus, draftId: alpha._id, playerName: 'Jahmyr Gibbs' });
  api = installFakeApi(async (call) => {
    if (call.path === `/drafts/${beta._id}`) {
      await new Promise<void>((resolve) => held.set(call.path, resolve));
      return ok({ draft: beta });
    }
    if (call.path === `/drafts/${alpha._id}`) {
      const answer = alphaNow ? ok({ draft: alphaNow }) : fail(404, 'Draft not found');
      if (holdAlphaReads) await new Promise<void>((resolve) => held.set(call.path, resolve));
      return answer;
    }
    if (call.path === '/drafts') return ok({ drafts: alphaNow ? [beta, alphaNow] : [beta] });
    if (call.path === `/auctions/draft/${alpha._id}`) return ok(snapshot(alpha, alphaAuction));
    if (call.path === `/auctions/draft/${beta._id}`) return betaAuctionAnswer;
    if (call.path === '/teams') return ok({ teams: [gurus, hawks, sharks, titans] });
    if (call.path === '/players') {
      const players = call.params?.draftId === alpha._id ? alphaPool : [];
      return ok({ players, total: players.length });
    }
    if (call.path.endsWith('/chat')) return ok({ messages: [] });
    return fail(404, 'Not found');
  });
});

afterEach(() => {
  for (const release of held.values()) release();
  held.clear();
  cleanup();
  api.restore();
  act(() => toast.remove());
  jest.restoreAllMocks();
  localStorage.clear();
});

async function openAlphaThenBeta() {
  const view = renderRoutes([{ path: '/draft/:draftId?', element: <DraftPage /> }], {
    path: `/draft/${alpha._id}`,
    session: { token: 'jwt', user: me },
  });
  act(() => {
    view.store.dispatch(sessionRestored(me));
  });
  await screen.findByRole('heading', { level: 1, name: 'Alpha League' });
  expect(
    await within(screen.getByRole('region', { name: 'Live Auction' })).findByText('Jahmyr Gibbs'),
  ).toBeInTheDocument();
  await act(async () => {
    await view.router.navigate(`/draft/${beta._id}`);
  });
  return view;
}

describe('Moving from one draft room to another in one tab', () => {
  it("shows the next draft loading, not the previous draft's room under the new address", async () => {
    await openAlphaThenBeta();

    expect(screen.getByText('Loading draft...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Alpha League' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Live Auction' })).not.toBeInTheDocument();

    await act(async () => held.get(`/drafts/${beta._id}`)?.());
    expect(await screen.findByRole('heading', { level: 1, name: 'Beta League' })).toBeInTheDocument();
  });

  it("never shows the previous draft's auction in the next room, even when its snapshot cannot be read", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    betaAuctionAnswer = fail(500, 'database down');
    await openAlphaThenBeta();
    await act(async () => held.get(`/drafts/${beta._id}`)?.());
    await screen.findByRole('heading', { level: 1, name: 'Beta League' });

    const panel = within(screen.getByRole('region', { name: 'Live Auction' }));
    expect(
      await panel.findByText('No player is up for auction. The team on the clock nominates the next one.'),
    ).toBeInTheDocument();
    expect(panel.queryByText('Jahmyr Gibbs')).not.toBeInTheDocument();
    expect(panel.queryByText(/Gridiron Gurus/)).not.toBeInTheDocument();
  });

  it("opens the user's own draft at /draft without following every draft, and moves on once it completes", async () => {
    const live = installFakeLiveSocket();
    try {
      const view = renderRoutes([{ path: '/draft/:draftId?', element: <DraftPage /> }], {
        path: '/draft',
        session: { token: 'jwt', user: me },
      });
      act(() => {
        view.store.dispatch(sessionRestored(me));
        liveStatus.authenticated(view.store);
      });
      // Beta is listed first, but Alpha is where the user has a team.
      expect(await screen.findByRole('heading', { level: 1, name: 'Alpha League' })).toBeInTheDocument();
      // Issue 10: a room that asked to watch every draft got every league's turns and sales on draft night.
      expect(live.socket.sentPayloads('watchDrafts')).toHaveLength(0);

      // Alpha completes; the room reads its draft again (as its live event makes it do).
      alphaNow = { ...alpha, status: 'completed', version: alpha.version + 1 };
      await act(async () => {
        await view.store.dispatch(
          draftsApi.endpoints.getDraft.initiate(alpha._id, { subscribe: false, forceRefetch: true }),
        );
      });
      // The list is read again, and the tab moves on to the live draft left: Beta.
      await waitFor(() => expect(held.has(`/drafts/${beta._id}`)).toBe(true));
      expect(screen.getByText('Loading draft...')).toBeInTheDocument();
      await act(async () => held.get(`/drafts/${beta._id}`)?.());
      expect(await screen.findByRole('heading', { level: 1, name: 'Beta League' })).toBeInTheDocument();
      expect(api.calls.filter((call) => call.path === '/drafts')).toHaveLength(2);
      expect(live.socket.sentPayloads('watchDrafts')).toHaveLength(0);
    } finally {
      live.restore();
    }
  });

  it('moves on from /draft to the next live draft when the one it shows is deleted', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderRoutes([{ path: '/draft/:draftId?', element: <DraftPage /> }], {
      path: '/draft',
      session: { token: 'jwt', user: me },
    });
    act(() => {
      view.store.dispatch(sessionRestored(me));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpha League' })).toBeInTheDocument();

    // An admin deletes Alpha; the room reads its draft again (as its live event makes it do): 404.
    alphaNow = null;
    await act(async () => {
      await view.store.dispatch(
        draftsApi.endpoints.getDraft.initiate(alpha._id, { subscribe: false, forceRefetch: true }),
      );
    });
    // The list is read again without Alpha, and the tab opens Beta (its read held until now).
    await waitFor(() => expect(held.has(`/drafts/${beta._id}`)).toBe(true));
    await act(async () => held.get(`/drafts/${beta._id}`)?.());
    expect(await screen.findByRole('heading', { level: 1, name: 'Beta League' })).toBeInTheDocument();
  });

  it('reads the players again when it joins the room again: a sale made while the tab was elsewhere shows', async () => {
    const live = installFakeLiveSocket();
    try {
      const view = renderRoutes(
        [
          { path: '/draft/:draftId?', element: <DraftPage /> },
          { path: '/dashboard', element: <p>Dashboard</p> },
        ],
        { path: `/draft/${alpha._id}`, session: { token: 'jwt', user: me } },
      );
      act(() => {
        view.store.dispatch(sessionRestored(me));
        liveStatus.authenticated(view.store);
      });
      const grid = async () => within(await screen.findByRole('region', { name: 'Available Players' }));
      expect(await (await grid()).findByRole('button', { name: /Puka Nacua/ })).toBeInTheDocument();

      // The tab goes elsewhere (the room leaves the draft's live room) while Nacua is sold; then it comes back.
      await act(async () => {
        await view.router.navigate('/dashboard');
      });
      alphaPool = [{ ...nacua, isDrafted: true, cost: 12, draftId: alpha._id }];
      await act(async () => {
        await view.router.navigate(`/draft/${alpha._id}`);
      });
      act(() =>
        live.socket.serverSends(ServerEvents.draftJoined, {
          draftId: alpha._id,
          position: null,
          version: null,
          serverTime: new Date().toISOString(),
          activeUsers: [],
          chatHistory: [],
        }),
      );
      expect(await (await grid()).findByText('Drafted · $12')).toBeInTheDocument();
    } finally {
      live.restore();
    }
  });
});

describe('A draft room whose reads race its live events', () => {
  // The room's header badge shows the draft's status as its cache entry has it.
  const completedText = 'Completed';
  const alphaReads = () => api.calls.filter((call) => call.path === `/drafts/${alpha._id}`).length;
  const meta = (version: number | null) => ({
    draftId: alpha._id,
    position: version,
    version,
    serverTime: new Date().toISOString(),
  });
  const sale = (version: number) => ({
    ...meta(version),
    pick: makePick(alpha, hawks, 1, 'Jahmyr Gibbs', 'RB', 12),
    team: hawks,
  });

  async function openAlphaLive() {
    const live = installFakeLiveSocket();
    const view = renderRoutes([{ path: '/draft/:draftId?', element: <DraftPage /> }], {
      path: `/draft/${alpha._id}`,
      session: { token: 'jwt', user: me },
    });
    act(() => {
      view.store.dispatch(sessionRestored(me));
      liveStatus.authenticated(view.store);
    });
    await screen.findByRole('heading', { level: 1, name: 'Alpha League' });
    return { live, view };
  }

  it('keeps a completed draft completed when a read asked before the completion answers after it', async () => {
    const { live } = await openAlphaLive();
    try {
      // A sale makes the room read its draft; that read is answered before the draft completes but arrives after.
      holdAlphaReads = true;
      alphaNow = { ...alpha, version: alpha.version + 1 };
      act(() => live.socket.serverSends(ServerEvents.pickMade, sale(alpha.version + 1)));
      await waitFor(() => expect(held.has(`/drafts/${alpha._id}`)).toBe(true));
      const completed: Draft = { ...alpha, status: 'completed', version: alpha.version + 2 };
      alphaNow = completed;
      act(() =>
        live.socket.serverSends(ServerEvents.draftCompleted, {
          ...meta(completed.version),
          action: 'completed',
          draft: completed,
        }),
      );
      expect(await screen.findByText(completedText)).toBeInTheDocument();

      await act(async () => held.get(`/drafts/${alpha._id}`)?.());
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.getByText(completedText)).toBeInTheDocument();
    } finally {
      live.restore();
    }
  });

  it('reads the draft again when a sale is heard while an earlier read is in flight', async () => {
    const { live } = await openAlphaLive();
    try {
      // Joining again reads the draft (held: answered as it is now, active)...
      holdAlphaReads = true;
      act(() =>
        live.socket.serverSends(ServerEvents.draftJoined, {
          ...meta(null),
          activeUsers: [],
          chatHistory: [],
        }),
      );
      await waitFor(() => expect(held.has(`/drafts/${alpha._id}`)).toBe(true));
      const readsBefore = alphaReads();
      // ...and the last sale completes the draft while that read is in flight: no second read can be sent yet.
      holdAlphaReads = false;
      alphaNow = { ...alpha, status: 'completed', version: alpha.version + 1 };
      act(() => live.socket.serverSends(ServerEvents.pickMade, sale(alpha.version + 1)));
      expect(alphaReads()).toBe(readsBefore);

      // The earlier read answers (the draft still active); the room reads again and shows the draft complete.
      await act(async () => held.get(`/drafts/${alpha._id}`)?.());
      expect(await screen.findByText(completedText)).toBeInTheDocument();
      expect(alphaReads()).toBe(readsBefore + 1);
    } finally {
      live.restore();
    }
  });
});
