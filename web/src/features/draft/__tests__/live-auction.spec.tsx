import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  TOO_MANY_ROOM_SOCKETS_MESSAGE,
  type Auction,
  type Draft,
  type DraftAuctionData,
  type Team,
  type User,
} from '@auction/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { sessionRestored } from '../../../app/auth-slice.js';
import { fail, installFakeApi, ok, type FakeAnswer, type FakeCall } from '../../../test/fake-api.js';
import { installFakeLiveSocket, type FakeLiveSocket } from '../../../test/fake-live-socket.js';
import { draftTeamOf, makeDraft, makePlayer, makeTeam, makeUser } from '../../../test/fixtures.js';
import { liveStatus } from '../../../test/live-status.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { replayNewerEvents } from '../api/auctions.api.js';
import { noteLiveConnection } from '../../../shared/live/index.js';
import { nominationProblem } from '../components/nomination-panel.js';
import { DraftPage } from '../draft-page.js';
import { auctionData, makeAuction, rosterOf } from './auction-fixtures.js';

const me: User = makeUser({ username: 'alice' });
const bob = { _id: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11', username: 'bob' };
/** $30 left with 17 of 20 players: max bid $28. */
const myTeam: Team = makeTeam({
  name: 'Gridiron Gurus',
  teamNumber: 1,
  ownerId: { _id: me._id, username: me.username },
  budget: { total: 260, spent: 230, remaining: 30 },
  players: rosterOf(17),
  slotsRemaining: 3,
});
const hawks: Team = makeTeam({ name: 'Hawks', teamNumber: 2, ownerId: bob });
const owls: Team = makeTeam({ name: 'Owls', teamNumber: 3 });
const gibbs = makePlayer({ name: 'Jahmyr Gibbs', position: 'RB', team: 'DET' });
const turnOf = (team: Team) => ({ _id: team._id, name: team.name, teamNumber: team.teamNumber });

interface World {
  draft: Draft;
  teams: Team[];
  auctionData: DraftAuctionData;
  /** How far the server's clock is ahead of this machine's. */
  serverAheadMs: number;
  answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer> | undefined;
}

let world: World;
let api: ReturnType<typeof installFakeApi>;
let live: { socket: FakeLiveSocket; restore: () => void };

const serverNow = () => Date.now() + world.serverAheadMs;
const serverTime = () => new Date(serverNow()).toISOString();

beforeEach(() => {
  const draft = makeDraft({
    name: 'Sunday League',
    status: 'active',
    teams: [draftTeamOf(myTeam), draftTeamOf(hawks), draftTeamOf(owls)],
    currentTeamTurn: turnOf(hawks),
  });
  world = {
    draft,
    teams: [myTeam, hawks, owls],
    auctionData: auctionData({ currentTeamTurn: turnOf(hawks) }),
    serverAheadMs: 0,
    answer: () => undefined,
  };
  api = installFakeApi((call) => {
    const special = world.answer(call);
    if (special) return special;
    if (call.path === `/drafts/${world.draft._id}`) return ok({ draft: world.draft });
    if (call.path === '/teams') return ok({ teams: world.teams });
    if (call.path === `/auctions/draft/${world.draft._id}`) {
      return ok({ ...world.auctionData, serverTime: serverTime() });
    }
    if (call.path === '/players') return ok({ players: [gibbs], total: 1 });
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
  localStorage.clear();
  sessionStorage.clear();
});

async function openRoom(user: User = me) {
  const view = renderRoutes(
    [
      {
        path: '/draft/:draftId',
        element: (
          <>
            <DraftPage />
            <ToastTexts />
          </>
        ),
      },
    ],
    { path: `/draft/${world.draft._id}`, session: { token: 'jwt', user } },
  );
  act(() => {
    view.store.dispatch(sessionRestored(user));
  });
  await screen.findByRole('heading', { level: 1, name: 'Sunday League' });
  return view;
}

const auctionPanel = () => within(screen.getByRole('region', { name: 'Live Auction' }));
const timer = () => auctionPanel().getByRole('timer', { name: 'Time left' });
const bidInput = () => screen.getByLabelText('Bid amount');
const placeBid = () => screen.getByRole('button', { name: 'Place Bid' });
const quick = (amount: number) => screen.getByRole('button', { name: `+$${amount}` });
const send = (event: string, payload: Record<string, unknown>) =>
  act(() =>
    live.socket.serverSends(event, { draftId: world.draft._id, serverTime: serverTime(), ...payload }),
  );
const callsTo = (suffix: string) => api.calls.filter((call) => call.path.endsWith(suffix));
const sleep = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

function withAuction(auction: Auction) {
  world.auctionData = auctionData({ auction, currentTeamTurn: turnOf(hawks), serverTime: serverTime() });
}

describe('Live auction: countdown', () => {
  it("counts down to the server's deadline corrected by the clock offset, coloured by time left", async () => {
    // The server's clock is 100 s ahead: without the correction the clock would show 2:05 and be green.
    world.serverAheadMs = 100_000;
    withAuction(
      makeAuction({
        currentBid: 20,
        bidder: owls,
        draftId: world.draft._id,
        serverNow: serverNow(),
        msLeft: 25_400,
      }),
    );
    await openRoom();

    await waitFor(() => expect(timer().textContent).toMatch(/^0:2[56]$/));
    expect(timer()).toHaveAttribute('data-tone', 'warning');
    expect(timer()).toHaveClass('text-amber-600');

    // A bid resets the clock to the deadline it carries.
    const first = world.auctionData.auction!;
    const bid = makeAuction({
      currentBid: 22,
      bidder: hawks,
      draftId: world.draft._id,
      serverNow: serverNow(),
      msLeft: 8_500,
      _id: first._id,
    });
    send('bidPlaced', {
      position: '40',
      auction: { ...bid, bids: [...bid.bids, ...first.bids] },
      timeLeft: 9,
      bidderName: 'Hawks',
      bidAmount: 22,
    });
    await waitFor(() => expect(timer().textContent).toMatch(/^0:0[89]$/));
    expect(timer()).toHaveAttribute('data-tone', 'critical');
    expect(timer()).toHaveClass('text-red-600');
  });

  it('asks the server to complete once when the clock reaches zero, and only logs a refusal', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    world.answer = (call) =>
      call.path.endsWith('/complete') ? fail(409, 'The auction is still running') : undefined;
    withAuction(makeAuction({ currentBid: 5, bidder: owls, draftId: world.draft._id, msLeft: 700 }));
    await openRoom();

    await waitFor(() => expect(callsTo('/complete')).toHaveLength(1), { timeout: 3_000 });
    expect(callsTo('/complete')[0]).toMatchObject({
      method: 'POST',
      path: `/auctions/${world.auctionData.auction!._id}/complete`,
    });
    await sleep(800);
    expect(callsTo('/complete')).toHaveLength(1);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to complete auction', expect.anything()));
    expect(toastTexts()).not.toContain('The auction is still running');
    expect(timer()).toHaveTextContent('0:00');
    expect(placeBid()).toBeDisabled();
  });
});

describe('Live auction: bidding', () => {
  it('suggests current + 1, shows the max bid and disables quick bids past it', async () => {
    withAuction(makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id }));
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));
    expect(screen.getByText(/MAX BID:/)).toHaveTextContent('MAX BID: $28');
    expect(quick(1)).toBeEnabled();
    expect(quick(2)).toBeEnabled();
    expect(quick(5)).toBeEnabled();
    // 20 + 10 = 30 > max bid 28 (the team must keep $1 for each of its 2 other open slots).
    expect(quick(10)).toBeDisabled();

    fireEvent.change(bidInput(), { target: { value: '29' } });
    expect(placeBid()).toBeDisabled();
    expect(screen.getByText('Bid cannot exceed your max bid of $28')).toBeInTheDocument();
    fireEvent.change(bidInput(), { target: { value: '20' } });
    expect(placeBid()).toBeDisabled();
    expect(screen.getByText('Bid must be at least $21')).toBeInTheDocument();
  });

  it("places a bid for the user's team, toasts 'Bid placed: $N', then blocks bidding against itself", async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    world.answer = (call) => {
      if (!call.path.endsWith('/bid')) return undefined;
      const next = makeAuction({
        ...auction,
        currentBid: 25,
        bidder: myTeam,
        draftId: world.draft._id,
        _id: auction._id,
      });
      return ok({ auction: { ...next, bids: [...next.bids, ...auction.bids] } });
    };
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));

    fireEvent.click(quick(5));
    expect(bidInput()).toHaveValue(25);
    fireEvent.click(placeBid());

    await waitFor(() => expect(toastTexts()).toContain('Bid placed: $25'));
    expect(callsTo('/bid')[0]).toMatchObject({
      method: 'POST',
      path: `/auctions/${auction._id}/bid`,
      body: { bidAmount: 25, teamId: myTeam._id },
      idempotencyKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    await waitFor(() => expect(screen.getByText('You are the high bidder')).toBeInTheDocument());
    expect(placeBid()).toBeDisabled();
    expect(quick(1)).toBeDisabled();
  });

  /** The room open on an auction owls lead at $20, the user's team offered "(You)" and a $21 bid. */
  async function openRoomWithMyTeamBidding() {
    withAuction(makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id }));
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));
    expect(screen.getByText('(You)')).toBeInTheDocument();
  }

  /** An admin gives the user's team to carol: the server's draft and teams say so from now on. */
  function giveMyTeamToCarol() {
    const carol = { _id: '5c1f0e7a-9d2b-4c3e-8f4a-6b7c8d9e0f1a', username: 'carol' };
    const givenAway = <T extends { _id: string }>(team: T): T =>
      team._id === myTeam._id ? { ...team, ownerId: carol } : team;
    world.draft = { ...world.draft, teams: world.draft.teams.map(givenAway) };
    world.teams = world.teams.map(givenAway);
  }

  it('stops offering a team given to someone else as soon as the server says the team changed (teamUpdated)', async () => {
    await openRoomWithMyTeamBidding();

    giveMyTeamToCarol();
    // Another draft's team change is not this room's business: nothing is read for it.
    const callsBefore = api.calls.length;
    live.socket.serverSends('teamUpdated', { _id: myTeam._id, draftIds: ['another-draft'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      api.calls.slice(callsBefore).filter((call) => call.path.startsWith(`/drafts/${world.draft._id}`)),
    ).toEqual([]);

    live.socket.serverSends('teamUpdated', { _id: myTeam._id, draftIds: [world.draft._id] });

    expect(await screen.findByText('You have no team in this draft')).toBeInTheDocument();
    expect(screen.queryByText('(You)')).not.toBeInTheDocument();
  });

  it("reads the draft again when a bid is refused because the team is no longer the user's (owner changed meanwhile)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await openRoomWithMyTeamBidding();

    // An admin gives the team to someone else; no live event says so. The next bid is refused, and the room must
    // stop offering a team the user no longer owns.
    giveMyTeamToCarol();
    world.answer = (call) =>
      call.path.endsWith('/bid') ? fail(403, 'You can only bid for your own team') : undefined;
    fireEvent.click(placeBid());

    await waitFor(() => expect(toastTexts()).toContain('Failed to place bid'));
    expect(await screen.findByText('You have no team in this draft')).toBeInTheDocument();
    expect(screen.queryByText('(You)')).not.toBeInTheDocument();
  });

  it('sets a maximum bid for the team, shows it, and says when a rival outbids it', async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    const leading = makeAuction({
      currentBid: 21,
      bidder: myTeam,
      draftId: world.draft._id,
      _id: auction._id,
    });
    const proxyData = (maxBid: number | null) => ({ auctionId: auction._id, teamId: myTeam._id, maxBid });
    world.answer = (call) => {
      if (!call.path.startsWith(`/auctions/${auction._id}/proxy`)) return undefined;
      if (call.method === 'PUT') return ok({ ...proxyData(26), auction: { ...leading, bidCount: 2 } });
      return ok({ ...proxyData(null), auction });
    };
    await openRoom();
    await waitFor(() => expect(screen.getByTestId('proxy-status')).toHaveTextContent('No maximum'));

    fireEvent.change(screen.getByLabelText('Max bid (proxy)'), { target: { value: '26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set max' }));
    await waitFor(() => expect(toastTexts()).toContain('Maximum bid set: $26'));
    expect(callsTo('/proxy').find((call) => call.method === 'PUT')).toMatchObject({
      path: `/auctions/${auction._id}/proxy`,
      body: { teamId: myTeam._id, maxBid: 26 },
    });
    expect(screen.getByTestId('proxy-status')).toHaveTextContent('Your maximum: $26');
    // The maximum bid at once: the team leads at $21.
    await waitFor(() => expect(auctionPanel().getByLabelText('High bidder')).toHaveTextContent(myTeam.name));

    const above = makeAuction({ currentBid: 27, bidder: hawks, draftId: world.draft._id, _id: auction._id });
    send('bidPlaced', {
      position: '9',
      version: 9,
      auction: { ...above, bidCount: 3 },
      timeLeft: 30,
      bidderName: 'Hawks',
      bidAmount: 27,
      proxy: false,
    });
    await waitFor(() => expect(toastTexts()).toContain('Outbid: Hawks bid $27'));
    expect(screen.getByTestId('proxy-status')).toHaveTextContent('Outbid above your maximum');
  });

  it("tells a bidder at once when a rival's maximum answered the bid", async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    world.answer = (call) => {
      if (!call.path.endsWith('/bid')) return undefined;
      const answered = makeAuction({
        currentBid: 23,
        bidder: owls,
        draftId: world.draft._id,
        _id: auction._id,
      });
      return ok({ auction: { ...answered, bidCount: 3 } });
    };
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));
    fireEvent.click(quick(2));
    fireEvent.click(placeBid());
    await waitFor(() => expect(toastTexts()).toContain('Outbid at once by a maximum bid: $23'));
    expect(toastTexts()).not.toContain('Bid placed: $22');
  });

  describe('over the live socket (ADR 0035)', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    /** The server's acknowledgement of an accepted bid: the amount placed and who leads after the command. */
    const accepted = (auction: Auction, bidAmount: number, currentBid: number, leader: Team) => ({
      accepted: true,
      auctionId: auction._id,
      bidAmount,
      currentBid,
      currentBidder: turnOf(leader),
    });

    async function openSignedInRoom(auction: Auction) {
      withAuction(auction);
      const view = await openRoom();
      act(() => liveStatus.authenticated(view.store));
      await waitFor(() => expect(bidInput()).toHaveValue(auction.currentBid + 1));
      return view;
    }

    it('bids on the socket when it is signed in: no REST call, and the acknowledgement says who leads', async () => {
      const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
      live.socket.answers('bidOnPlayer', (payload) =>
        accepted(auction, (payload as { bidAmount: number }).bidAmount, 25, myTeam),
      );
      await openSignedInRoom(auction);

      fireEvent.click(quick(5));
      fireEvent.click(placeBid());

      await waitFor(() => expect(toastTexts()).toContain('Bid placed: $25'));
      expect(live.socket.sentPayloads('bidOnPlayer')).toEqual([
        {
          draftId: world.draft._id,
          playerId: auction.playerId,
          auctionId: auction._id,
          bidAmount: 25,
          teamId: myTeam._id,
          commandId: expect.stringMatching(UUID),
        },
      ]);
      expect(callsTo('/bid')).toEqual([]);
    });

    it("says when a rival's maximum answered the socket bid", async () => {
      const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
      live.socket.answers('bidOnPlayer', () => accepted(auction, 22, 23, owls));
      await openSignedInRoom(auction);
      fireEvent.click(quick(2));
      fireEvent.click(placeBid());
      await waitFor(() => expect(toastTexts()).toContain('Outbid at once by a maximum bid: $23'));
    });

    it("shows a refusal once and reads the draft again when the team is no longer the user's", async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
      // The server refuses as it does: `error {message}` to the socket, then the acknowledgement.
      live.socket.answers('bidOnPlayer', () => {
        live.socket.serverSends('error', { message: 'You can only bid for your own team' });
        return { accepted: false, status: 403, message: 'You can only bid for your own team' };
      });
      await openSignedInRoom(auction);
      giveMyTeamToCarol();
      fireEvent.click(placeBid());

      await waitFor(() => expect(toastTexts()).toContain('Failed to place bid'));
      expect(toastTexts().filter((text) => text === 'You can only bid for your own team')).toHaveLength(1);
      expect(await screen.findByText('You have no team in this draft')).toBeInTheDocument();
      expect(callsTo('/bid')).toEqual([]);
    });

    it('hands the bid to REST with the same idempotency key when the socket drops before answering', async () => {
      const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
      world.answer = (call) =>
        call.path.endsWith('/bid')
          ? ok({ auction: makeAuction({ ...auction, currentBid: 21, bidder: myTeam, _id: auction._id }) })
          : undefined;
      await openSignedInRoom(auction);
      fireEvent.click(placeBid());
      await waitFor(() => expect(live.socket.sentPayloads('bidOnPlayer')).toHaveLength(1));
      expect(callsTo('/bid')).toEqual([]);

      act(() => live.socket.serverSends('disconnect', 'transport close'));

      await waitFor(() => expect(toastTexts()).toContain('Bid placed: $21'));
      const [sent] = live.socket.sentPayloads('bidOnPlayer') as Array<{ commandId: string }>;
      expect(callsTo('/bid')).toEqual([expect.objectContaining({ idempotencyKey: sent!.commandId })]);
    });
  });

  it("announces others' bids once, ignores duplicates and older events, and lists the last 5 bids newest first", async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));

    let bids = auction.bids;
    const bidEvent = (position: string, team: Team, amount: number) => {
      bids = [
        {
          team: turnOf(team),
          teamName: team.name,
          teamNumber: team.teamNumber,
          amount,
          at: new Date(Date.now() + bids.length * 1000).toISOString(),
          proxy: false,
        },
        ...bids,
      ];
      const next = {
        ...makeAuction({ currentBid: amount, bidder: team, draftId: world.draft._id, _id: auction._id }),
        bids,
        bidCount: bids.length,
      };
      return {
        position,
        version: Number(position),
        auction: next,
        timeLeft: 30,
        bidderName: team.name,
        bidAmount: amount,
      };
    };

    const hawks22 = bidEvent('5', hawks, 22);
    send('bidPlaced', hawks22);
    send('bidPlaced', hawks22);
    await waitFor(() => expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$22'));
    expect(toastTexts().filter((text) => text === 'Hawks bid $22')).toHaveLength(1);
    expect(bidInput()).toHaveValue(23);

    // An older event arriving late changes nothing.
    send('bidPlaced', bidEvent('4', owls, 21));
    expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$22');
    expect(toastTexts()).not.toContain('Owls bid $21');

    bids = hawks22.auction.bids;
    send('bidPlaced', bidEvent('6', owls, 24));
    send('bidPlaced', bidEvent('7', hawks, 26));
    send('bidPlaced', bidEvent('8', owls, 27));
    send('bidPlaced', bidEvent('9', hawks, 28));
    await waitFor(() => expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$28'));
    const history = within(auctionPanel().getByRole('list', { name: 'Bid history' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(history).toEqual(['Hawks$28', 'Owls$27', 'Hawks$26', 'Owls$24', 'Hawks$22']);
    // The team cannot outbid $28 (its max): bidding is closed with the reason.
    expect(screen.getByText('Not enough budget to outbid')).toBeInTheDocument();
  });

  it('shows the paused look: a banner, a frozen clock and no bidding', async () => {
    withAuction(makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id, msLeft: 20_000 }));
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));

    const frozen = {
      ...world.auctionData.auction!,
      status: 'paused' as const,
      deadline: null,
      timeLeftMs: 12_000,
    };
    world.auctionData = { ...world.auctionData, auction: frozen, draftStatus: 'paused' };
    world.draft = { ...world.draft, status: 'paused' };
    send('draftUpdated', {
      position: '50',
      draft: world.draft,
      currentTeamTurn: turnOf(hawks),
      nominationDeadline: null,
    });

    expect(await screen.findByText('Draft paused')).toBeInTheDocument();
    await waitFor(() => expect(timer()).toHaveTextContent('0:12'));
    expect(placeBid()).toBeDisabled();
    expect(bidInput()).toBeDisabled();
    await sleep(1_100);
    expect(timer()).toHaveTextContent('0:12');
  });

  it('keeps the last sale with Show/Hide Team Assignment when an auction completes', async () => {
    const auction = makeAuction({ currentBid: 25, bidder: hawks, draftId: world.draft._id });
    withAuction(auction);
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(26));

    const sold = { ...auction, status: 'completed' as const, winner: turnOf(hawks), winningBid: 25 };
    world.auctionData = { ...world.auctionData, auction: null, lastCompletedAuction: sold };
    send('auctionCompleted', {
      position: '60',
      auction: sold,
      winnerName: 'Hawks',
      playerName: 'Jahmyr Gibbs',
      winningBid: 25,
    });

    await waitFor(() =>
      expect(auctionPanel().getByText('Hawks won Jahmyr Gibbs for $25')).toBeInTheDocument(),
    );
    expect(toastTexts()).toContain('Hawks won Jahmyr Gibbs for $25');
    expect(screen.queryByLabelText('Bid amount')).not.toBeInTheDocument();
    fireEvent.click(auctionPanel().getByRole('button', { name: 'Show Team Assignment' }));
    expect(auctionPanel().getByText('Hawks (Team #2)')).toBeInTheDocument();
    fireEvent.click(auctionPanel().getByRole('button', { name: 'Hide Team Assignment' }));
    expect(auctionPanel().queryByText('Hawks (Team #2)')).not.toBeInTheDocument();
  });
});

describe('Live auction: the turn after a sale', () => {
  it('shows the next team on the clock with the sale, before the snapshot is fetched again', async () => {
    const auction = makeAuction({ currentBid: 25, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    await openRoom();
    const panel = within(screen.getByRole('region', { name: 'Nomination' }));
    await waitFor(() => expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$25'));

    // The snapshot the sale asks for again does not come back: only the event can move the turn on.
    world.answer = (call) =>
      call.path === `/auctions/draft/${world.draft._id}`
        ? new Promise<FakeAnswer>(() => undefined)
        : undefined;
    const sold = { ...auction, status: 'completed' as const, winner: turnOf(owls), winningBid: 25 };
    send('auctionCompleted', {
      position: '60',
      auction: sold,
      winnerName: 'Owls',
      playerName: 'Jahmyr Gibbs',
      winningBid: 25,
      currentTeamTurn: turnOf(myTeam),
      nominationDeadline: new Date(Date.now() + 20_000).toISOString(),
    });
    await waitFor(() => expect(panel.getByText('You nominate next')).toBeInTheDocument());
    expect(panel.queryByText('Hawks nominates next')).not.toBeInTheDocument();
    // The header says the same at the same moment (it read the draft's own, older turn).
    expect(screen.getByText('Your Turn!')).toBeInTheDocument();
    expect(screen.queryByText("Hawks's Turn")).not.toBeInTheDocument();
  });
});

describe('Live auction: auction values (ADR 0019)', () => {
  /** GET /drafts/{id}/values answers Gibbs's row as `row` says at the time of each call. */
  function serveGibbsValue(inflation: number, row: () => { auctionValue: number; available: boolean }) {
    world.answer = (call) =>
      call.path === `/drafts/${world.draft._id}/values`
        ? ok({
            inflation,
            players: [{ playerId: '9509', name: 'Jahmyr Gibbs', position: 'RB', ...row() }],
          })
        : undefined;
  }

  /** Hawks buy the open auction for $25: the snapshot and the sale's event. */
  function sellToHawks(auction: ReturnType<typeof makeAuction>) {
    const sold = { ...auction, status: 'completed' as const, winner: turnOf(hawks), winningBid: 25 };
    world.auctionData = { ...world.auctionData, auction: null, lastCompletedAuction: sold };
    send('auctionCompleted', {
      position: '60',
      auction: sold,
      winnerName: 'Hawks',
      playerName: 'Jahmyr Gibbs',
      winningBid: 25,
    });
  }

  it("shows each card's value, the value beside the current bid, and value vs price after the sale", async () => {
    let available = true;
    serveGibbsValue(1.1, () => ({ auctionValue: 42, available }));
    const auction = makeAuction({ currentBid: 25, bidder: hawks, draftId: world.draft._id });
    withAuction(auction);
    await openRoom();

    expect(await auctionPanel().findByLabelText('Auction value')).toHaveTextContent('Value $42');
    expect(await screen.findByTestId('player-value')).toHaveTextContent('$40');

    available = false;
    sellToHawks(auction);
    send('playerUpdated', { action: 'drafted', playerId: '9509' });
    expect(await auctionPanel().findByText('(value $42)')).toBeInTheDocument();
  });

  it("shows the last sale's pre-draft value only, never the current value the table held before the sale", async () => {
    // After an earlier sale below value, inflation lifts the available player's value ($54) above his pre-draft
    // value ($43): the table answers the latter once it counts him sold.
    let available = true;
    serveGibbsValue(1.27, () => ({ auctionValue: available ? 54 : 43, available }));
    const auction = makeAuction({ currentBid: 25, bidder: hawks, draftId: world.draft._id });
    withAuction(auction);
    await openRoom();
    expect(await auctionPanel().findByLabelText('Auction value')).toHaveTextContent('Value $54');

    available = false;
    sellToHawks(auction);
    // The sale is in, the values table not yet refetched: no value rather than the current one.
    expect(await auctionPanel().findByText(/Hawks won Jahmyr Gibbs for \$25/)).toBeInTheDocument();
    expect(auctionPanel().queryByText(/\(value \$/)).not.toBeInTheDocument();

    send('playerUpdated', { action: 'drafted', playerId: '9509' });
    expect(await auctionPanel().findByText('(value $43)')).toBeInTheDocument();
    expect(auctionPanel().queryByText('(value $54)')).not.toBeInTheDocument();
  });
});

describe('Live room: connection', () => {
  it('joins the room once authenticated, rejoins after a reconnect and resynchronises from REST', async () => {
    withAuction(
      makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id, playerName: 'Jahmyr Gibbs' }),
    );
    const { store, unmount } = await openRoom();
    noteLiveConnection('first-connection');
    act(() => liveStatus.authenticated(store));
    expect(live.socket.sentPayloads('joinDraft')).toEqual([{ draftId: world.draft._id }]);
    send('draftJoined', { position: null, activeUsers: [{ username: 'alice' }], chatHistory: [] });
    await waitFor(() => expect(toastTexts()).toContain('Joined draft room'));

    // While disconnected the server moved on: a new player is up.
    live.socket.connected = false;
    act(() => liveStatus.disconnected(store));
    withAuction(
      makeAuction({ currentBid: 3, bidder: hawks, draftId: world.draft._id, playerName: 'Puka Nacua' }),
    );
    const fetchesBefore = callsTo(`/auctions/draft/${world.draft._id}`).length;
    live.socket.connected = true;
    noteLiveConnection('second-connection');
    act(() => liveStatus.authenticated(store));
    // The rejoin names the connection it replaces: the server frees that one's place in the room (§14).
    expect(live.socket.sentPayloads('joinDraft')).toEqual([
      { draftId: world.draft._id },
      { draftId: world.draft._id, replaces: 'first-connection' },
    ]);
    send('draftJoined', { position: null, activeUsers: [], chatHistory: [] });

    await waitFor(() => expect(auctionPanel().getByText('Puka Nacua')).toBeInTheDocument());
    expect(callsTo(`/auctions/draft/${world.draft._id}`).length).toBeGreaterThan(fetchesBefore);
    // 'Joined draft room' shows once per draft per session.
    expect(toastTexts().filter((text) => text === 'Joined draft room')).toHaveLength(1);

    // A dropped connection sends nothing; leaving the room says so.
    expect(live.socket.sentPayloads('leaveDraft')).toEqual([]);
    unmount();
    expect(live.socket.sentPayloads('leaveDraft')).toEqual([{ draftId: world.draft._id }]);
  });

  it('says so until it is let in when the room is open in too many of the user’s tabs (§14), and asks again', async () => {
    withAuction(makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id }));
    const { store } = await openRoom();
    act(() => liveStatus.authenticated(store));
    act(() => live.socket.serverSends('error', { message: TOO_MANY_ROOM_SOCKETS_MESSAGE }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(TOO_MANY_ROOM_SOCKETS_MESSAGE)).toBeInTheDocument();

    // Another draft's room letting this socket in changes nothing here.
    act(() =>
      live.socket.serverSends('draftJoined', { draftId: 'another-draft', activeUsers: [], chatHistory: [] }),
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();

    fireEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(live.socket.sentPayloads('joinDraft')).toEqual([
      { draftId: world.draft._id },
      { draftId: world.draft._id },
    ]);
    send('draftJoined', { position: null, activeUsers: [{ username: 'alice' }], chatHistory: [] });
    await waitFor(() => expect(screen.queryByText(TOO_MANY_ROOM_SOCKETS_MESSAGE)).not.toBeInTheDocument());
  });
});

describe('Live room: snapshot races', () => {
  it('never lets a snapshot read before a bid overwrite that bid when it arrives after it', async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));

    // The server reads the snapshot (bid $20) now, but its answer is slow.
    const stale = { ...world.auctionData, serverTime: serverTime() };
    let release: () => void = () => undefined;
    world.answer = (call) =>
      call.path === `/auctions/draft/${world.draft._id}`
        ? (new Promise<FakeAnswer>(
            (resolve) => (release = () => resolve(ok(stale))),
          ) as unknown as FakeAnswer)
        : undefined;
    send('draftJoined', { position: null, activeUsers: [], chatHistory: [] });
    await waitFor(() => expect(callsTo(`/auctions/draft/${world.draft._id}`)).toHaveLength(2));

    await sleep(5);
    const next = makeAuction({ currentBid: 23, bidder: hawks, draftId: world.draft._id, _id: auction._id });
    send('bidPlaced', {
      position: '70',
      version: 70,
      auction: { ...next, bids: [...next.bids, ...auction.bids] },
      timeLeft: 30,
      bidderName: 'Hawks',
      bidAmount: 23,
    });
    await waitFor(() => expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$23'));

    act(() => release());
    await sleep(50);
    expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$23');
    expect(bidInput()).toHaveValue(24);
  });
});

describe('Live room: snapshot versions', () => {
  it("replays a live event newer than the snapshot by version, whatever the servers' clocks say", async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    world.auctionData = { ...world.auctionData, version: 10 };
    await openRoom();
    await waitFor(() => expect(bidInput()).toHaveValue(21));

    // Another instance, whose clock runs a minute ahead, reads the snapshot at version 10; its answer is slow.
    const stale = { ...world.auctionData, version: 10 };
    let release: () => void = () => undefined;
    world.answer = (call) =>
      call.path === `/auctions/draft/${world.draft._id}`
        ? (new Promise<FakeAnswer>(
            (resolve) =>
              (release = () =>
                resolve(ok({ ...stale, serverTime: new Date(serverNow() + 60_000).toISOString() }))),
          ) as unknown as FakeAnswer)
        : undefined;
    send('draftJoined', { position: null, version: null, activeUsers: [], chatHistory: [] });
    await waitFor(() => expect(callsTo(`/auctions/draft/${world.draft._id}`)).toHaveLength(2));

    // The bid after it (version 11) comes from a server whose clock is right: earlier by the wall clock.
    const next = makeAuction({ currentBid: 23, bidder: hawks, draftId: world.draft._id, _id: auction._id });
    send('bidPlaced', {
      position: '5',
      version: 11,
      auction: { ...next, bids: [...next.bids, ...auction.bids] },
      timeLeft: 30,
      bidderName: 'Hawks',
      bidAmount: 23,
    });
    await waitFor(() => expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$23'));

    act(() => release());
    await sleep(50);
    expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$23');
  });

  it('does not replay an event the snapshot already reflects, even when its clock is behind', () => {
    const older = makeAuction({ currentBid: 23, bidder: hawks, draftId: world.draft._id });
    const snapshot = auctionData({
      draftStatus: 'paused',
      version: 12,
      serverTime: new Date(Date.now() - 60_000).toISOString(),
    });
    replayNewerEvents(snapshot, [
      { event: 'draftUpdated', version: 12, payload: { draft: { ...world.draft, status: 'active' } } },
      { event: 'auctionStarted', version: 11, payload: { auction: older } },
    ]);
    expect(snapshot).toMatchObject({ draftStatus: 'paused', auction: null });
    replayNewerEvents(snapshot, [{ event: 'auctionStarted', version: 13, payload: { auction: older } }]);
    expect(snapshot.auction?._id).toBe(older._id);
  });
});

describe('Live room: the events of one sale', () => {
  it('shows a non-admin every event of an assignment (one version) and refreshes the grid, each once', async () => {
    await openRoom();
    await waitFor(() => expect(callsTo('/players').length).toBeGreaterThan(0));
    const gridLoads = callsTo('/players').length;
    const pick = {
      _id: '3c9b3f3e-1c1e-4d8e-9a55-2f6a0d1b7e01',
      draftId: world.draft._id,
      draftName: world.draft.name,
      draftStatus: world.draft.status,
      pickNumber: 4,
      playerId: gibbs.playerId,
      playerName: 'Jahmyr Gibbs',
      position: 'RB',
      nflTeam: 'DET',
      cost: 7,
      teamId: turnOf(hawks),
      source: 'admin' as const,
      pickedAt: new Date().toISOString(),
    };
    // One log event (PlayerSold, version 30) gives three socket events with the same position and version.
    const sale = { position: '300', version: 30 };
    send('pickMade', { ...sale, pick, team: hawks });
    send('playerAssigned', { ...sale, playerName: 'Jahmyr Gibbs', teamName: 'Hawks', cost: 7, pick });
    send('playerUpdated', { ...sale, action: 'drafted', playerId: gibbs.playerId, player: null });
    // The same deliveries again (a second instance): nothing new.
    send('playerAssigned', { ...sale, playerName: 'Jahmyr Gibbs', teamName: 'Hawks', cost: 7, pick });
    send('playerUpdated', { ...sale, action: 'drafted', playerId: gibbs.playerId, player: null });

    await waitFor(() => expect(toastTexts()).toContain('Jahmyr Gibbs assigned to Hawks for $7'));
    expect(toastTexts()).toContain('Hawks drafted Jahmyr Gibbs (RB) for $7');
    await waitFor(() => expect(toastTexts()).toContain('Available players updated'));
    expect(toastTexts().filter((text) => text === 'Jahmyr Gibbs assigned to Hawks for $7')).toHaveLength(1);
    expect(toastTexts().filter((text) => text === 'Available players updated')).toHaveLength(1);
    await waitFor(() => expect(callsTo('/players').length).toBe(gridLoads + 1));

    // A catalogue change (projections) names no draft: the grid refreshes too, without the drafted toast.
    send('playerUpdated', {
      draftId: null,
      position: null,
      version: null,
      action: 'updated',
      playerId: gibbs.playerId,
      player: gibbs,
    });
    await waitFor(() => expect(callsTo('/players').length).toBe(gridLoads + 2));
  });
});

describe('Live room: chat and presence', () => {
  it('sends trimmed chat and typing over the socket, and shows messages and typing from others', async () => {
    const { store } = await openRoom();
    act(() => liveStatus.authenticated(store));
    const chatBox = screen.getByLabelText('Chat message');
    fireEvent.change(chatBox, { target: { value: '  good luck all  ' } });
    expect(live.socket.sentPayloads('typing')).toEqual([{ draftId: world.draft._id, isTyping: true }]);
    fireEvent.keyDown(chatBox, { key: 'Enter' });
    expect(live.socket.sentPayloads('chatMessage')).toEqual([
      { draftId: world.draft._id, message: 'good luck all' },
    ]);
    expect(live.socket.sentPayloads('typing')).toEqual([
      { draftId: world.draft._id, isTyping: true },
      { draftId: world.draft._id, isTyping: false },
    ]);

    send('userTyping', { position: null, username: 'bob', isTyping: true });
    expect(await screen.findByText('bob is typing...')).toBeInTheDocument();
    const fromBob = {
      _id: '6ae87962-ea05-462f-8950-1a0151c0c52a',
      user: { _id: bob._id, username: 'bob', role: 'user' },
      message: 'you too',
      timestamp: new Date().toISOString(),
      position: null,
    };
    send('chatMessage', fromBob);
    send('chatMessage', fromBob);
    const log = screen.getByRole('log', { name: 'Chat messages' });
    await waitFor(() => expect(within(log).getAllByText('you too')).toHaveLength(1));
    expect(screen.queryByText('bob is typing...')).not.toBeInTheDocument();
    // Others' presence is announced; one's own is not.
    send('userJoined', { position: null, username: 'bob' });
    send('userJoined', { position: null, username: 'alice' });
    await waitFor(() => expect(toastTexts()).toContain('bob joined the draft'));
    expect(toastTexts()).not.toContain('alice joined the draft');
  });

  it('knows the signed-in user by id in typing and presence, also under a name given on another device', async () => {
    const { store } = await openRoom();
    act(() => liveStatus.authenticated(store));
    // Renamed elsewhere: the server already names this user 'alice2', this tab still knows 'alice'.
    send('userTyping', { position: null, userId: me._id, username: 'alice2', isTyping: true });
    send('userJoined', { position: null, userId: me._id, username: 'alice2' });
    send('userTyping', { position: null, userId: bob._id, username: 'bob', isTyping: true });
    send('userJoined', { position: null, userId: bob._id, username: 'bob' });
    expect(await screen.findByText('bob is typing...')).toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('bob joined the draft'));
    expect(screen.queryByText(/alice2 is typing/)).not.toBeInTheDocument();
    expect(toastTexts()).not.toContain('alice2 joined the draft');
  });

  it("does not announce someone the room's list already named, and announces them again after they left", async () => {
    await openRoom();
    send('draftJoined', {
      position: null,
      activeUsers: [{ username: 'alice' }, { username: 'carl' }],
      chatHistory: [],
    });
    // carl joined at the same moment through another server: told both ways, announced to nobody twice.
    send('userJoined', { position: null, username: 'carl' });
    send('userJoined', { position: null, username: 'dana' });
    await waitFor(() => expect(toastTexts()).toContain('dana joined the draft'));
    expect(toastTexts()).not.toContain('carl joined the draft');

    send('userLeft', { position: null, username: 'carl' });
    await waitFor(() => expect(toastTexts()).toContain('carl left the draft'));
    send('userJoined', { position: null, username: 'carl' });
    await waitFor(() => expect(toastTexts()).toContain('carl joined the draft'));
  });

  it("shows 'Teams & Chat' in a dialog from the small-screen button", async () => {
    world.auctionData = auctionData({ currentTeamTurn: turnOf(hawks) });
    await openRoom();
    fireEvent.click(screen.getByRole('button', { name: 'View Teams & Chat' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Teams & Chat' }));
    const budgets = within(dialog.getByRole('list', { name: 'Team budgets' }));
    await waitFor(() => expect(budgets.getAllByRole('listitem')).toHaveLength(3));
    const rows = budgets.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Gridiron Gurus (You)17/20 players$30');
    expect(within(rows[0]).getByText('$30')).toHaveClass('text-red-600');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1]).getByText('$260')).toHaveClass('text-green-600');
    expect(dialog.getByRole('region', { name: 'Draft Chat' })).toBeInTheDocument();
  });
});

describe('Nomination', () => {
  it('lets the team on the clock nominate a player picked in the grid with an opening bid', async () => {
    world.draft = { ...world.draft, currentTeamTurn: turnOf(myTeam) };
    world.auctionData = auctionData({
      currentTeamTurn: turnOf(myTeam),
      nominationDeadline: new Date(Date.now() + 20_000).toISOString(),
      nominationTimeLeftMs: 20_000,
    });
    world.answer = (call) =>
      call.path === '/auctions/nominate'
        ? ok({ auction: makeAuction({ currentBid: 3, bidder: myTeam, draftId: world.draft._id }) })
        : undefined;
    await openRoom();
    const panel = within(screen.getByRole('region', { name: 'Nomination' }));
    await waitFor(() => expect(panel.getByText('You nominate next')).toBeInTheDocument());
    expect(panel.getByRole('timer', { name: 'Nomination time left' }).textContent).toMatch(/^0:(19|20)$/);
    const nominate = panel.getByRole('button', { name: 'Nominate' });
    expect(nominate).toBeDisabled();
    expect(panel.getByText('Select a player from Available Players')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Jahmyr Gibbs' }));
    // The reason names what is wrong: a fraction is not a whole dollar amount, 0 is below the minimum.
    fireEvent.change(panel.getByLabelText('Opening bid'), { target: { value: '1.5' } });
    expect(panel.getByText('Opening bid must be a whole number of dollars')).toBeInTheDocument();
    expect(nominate).toBeDisabled();
    fireEvent.change(panel.getByLabelText('Opening bid'), { target: { value: '0' } });
    expect(panel.getByText('Opening bid must be at least $1')).toBeInTheDocument();
    fireEvent.change(panel.getByLabelText('Opening bid'), { target: { value: '3' } });
    expect(nominate).toBeEnabled();
    fireEvent.click(nominate);
    await waitFor(() => expect(callsTo('/auctions/nominate')).toHaveLength(1));
    expect(callsTo('/auctions/nominate')[0].body).toEqual({
      draftId: world.draft._id,
      playerId: gibbs.playerId,
      teamId: myTeam._id,
      openingBid: 3,
    });
    // The answer opens the auction at once, before any socket event.
    await waitFor(() => expect(auctionPanel().getByLabelText('Current bid')).toHaveTextContent('$3'));
  });

  it("says the owner's nomination clock has run out at 0:00 (the auto-nomination is due), admins may still nominate", async () => {
    world.draft = { ...world.draft, currentTeamTurn: turnOf(myTeam) };
    world.auctionData = auctionData({
      currentTeamTurn: turnOf(myTeam),
      nominationDeadline: new Date(Date.now() - 500).toISOString(),
      nominationTimeLeftMs: 0,
    });
    await openRoom();
    const panel = within(screen.getByRole('region', { name: 'Nomination' }));
    await waitFor(() => expect(panel.getByText('You nominate next')).toBeInTheDocument());
    fireEvent.click(await screen.findByRole('button', { name: 'Jahmyr Gibbs' }));
    expect(panel.getByText('Your nomination clock has run out')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Nominate' })).toBeDisabled();

    const onTheClock = {
      draftStatus: 'active',
      auctionRunning: false,
      paused: false,
      turnTeamId: myTeam._id,
      ownTeamId: myTeam._id,
      isAdmin: false,
      candidate: gibbs,
      openingBid: 1,
      turnMaxBid: 200,
      turnTeamName: myTeam.name,
      clockRanOut: true,
    };
    expect(nominationProblem(onTheClock)).toBe('Your nomination clock has run out');
    expect(nominationProblem({ ...onTheClock, isAdmin: true })).toBeNull();
    expect(nominationProblem({ ...onTheClock, clockRanOut: false })).toBeNull();
  });

  it('keeps other teams waiting for the team on the clock', async () => {
    world.auctionData = auctionData({ currentTeamTurn: turnOf(hawks) });
    await openRoom();
    const panel = within(screen.getByRole('region', { name: 'Nomination' }));
    await waitFor(() => expect(panel.getByText('Hawks nominates next')).toBeInTheDocument());
    fireEvent.click(await screen.findByRole('button', { name: 'Jahmyr Gibbs' }));
    expect(panel.getByRole('button', { name: 'Nominate' })).toBeDisabled();
    expect(panel.getByText('Waiting for Hawks to nominate')).toBeInTheDocument();
  });
});

describe('Live room: player list', () => {
  it("refreshes the list on playerUpdated: 'Available players updated' when drafted, 'Player list updated' otherwise", async () => {
    await openRoom();
    await screen.findByRole('button', { name: 'Jahmyr Gibbs' });
    const lists = () => callsTo('/players').length;
    const before = lists();
    send('playerUpdated', { position: '80', action: 'drafted', playerId: '9221' });
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(toastTexts()).toContain('Available players updated');
    expect(toastTexts()).not.toContain('Player list updated');

    act(() => toast.remove());
    send('playerUpdated', { position: '81', action: 'undrafted', playerId: '9221' });
    await waitFor(() => expect(lists()).toBe(before + 2));
    expect(toastTexts()).toEqual(['Player list updated']);

    act(() => toast.remove());
    send('playerUpdated', { position: '82', action: 'updated', playerId: '9221' });
    await waitFor(() => expect(lists()).toBe(before + 3));
    expect(toastTexts()).toEqual(['Player list updated']);
  });
});

describe('Admin in the room', () => {
  const admin = makeUser({ username: 'root', role: 'admin' });

  it('pauses and resumes the draft, and bids for the team it picks', async () => {
    const auction = makeAuction({ currentBid: 20, bidder: owls, draftId: world.draft._id });
    withAuction(auction);
    world.answer = (call) => {
      if (call.path === `/drafts/${world.draft._id}/pause`) {
        world.draft = { ...world.draft, status: 'paused' };
        return ok({ draft: world.draft });
      }
      if (call.path === `/drafts/${world.draft._id}/resume`) {
        world.draft = { ...world.draft, status: 'active' };
        return ok({ draft: world.draft });
      }
      return undefined;
    };
    await openRoom(admin);
    await waitFor(() => expect(bidInput()).toHaveValue(21));
    // No team of its own: the admin picks one to bid for.
    expect(screen.getByText('You have no team in this draft')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Bid for team'), { target: { value: hawks._id } });
    expect(placeBid()).toBeEnabled();
    expect(screen.getByText(/MAX BID:/)).toHaveTextContent('MAX BID: $241');

    fireEvent.click(screen.getByRole('button', { name: 'Pause Draft' }));
    expect(await screen.findByText('Draft paused')).toBeInTheDocument();
    expect(callsTo('/pause')).toHaveLength(1);
    expect(placeBid()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Resume Draft' }));
    await waitFor(() => expect(screen.queryByText('Draft paused')).not.toBeInTheDocument());
    expect(callsTo('/resume')).toHaveLength(1);
  });

  it('regular users get neither the admin controls nor the team picker', async () => {
    await openRoom();
    expect(screen.queryByRole('button', { name: 'Pause Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign Player' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Bid for team')).not.toBeInTheDocument();
  });
});
