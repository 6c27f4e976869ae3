import { ConflictError, ValidationError } from '../shared/errors.js';
import { requireId } from '../shared/validation.js';
import { MIN_BID } from '../rules/limits.js';
import { minimumNextBid } from '../rules/budget.js';
import type { AutoNominate, CompleteAuction, NominatePlayer, PlaceBid } from './draft.commands.js';
import { assertWithinMaxBid, bidPlaced, requireBiddableAuction } from './draft.bidding.js';
import { plusSeconds, requireTime } from './draft.clock.js';
import type { AuctionCompleted, DraftEvent, PlayerSold } from './draft.events.js';
import {
  assertActsFor,
  assertDraftActive,
  assertDraftExists,
  assertNewPickId,
  requireDollars,
  requireDraftTeam,
} from './draft.guards.js';
import { requireDraftPlayer } from './draft.players.js';
import { answerManualBid } from './draft.proxy.js';
import { isPlayerDrafted } from './draft.standings.js';
import { evolveDraft, type DraftState } from './draft.state.js';
import { passTurn } from './draft.turn.js';
import type { DraftPlayer } from './draft.types.js';

const requireAuctionId = (value: unknown): string => requireId(value, 'Auction id is required');

type Opening = {
  auctionId: string;
  teamId: string;
  player: DraftPlayer;
  openingBid: number;
  now: number;
  at: string;
  auto: boolean;
};

function openAuction(state: DraftState, opening: Opening): DraftEvent[] {
  const { auctionId, teamId, player, openingBid, now, at, auto } = opening;
  if (isPlayerDrafted(state, player.playerId)) throw new ConflictError('Player has already been drafted');
  assertWithinMaxBid(state, teamId, openingBid);
  const timeLimit = state.settings.auctionTimeLimit;
  return [
    {
      type: 'PlayerNominated',
      data: {
        ...player,
        auctionId,
        nominatedBy: teamId,
        openingBid,
        nominatedAt: at,
        deadline: plusSeconds(now, timeLimit),
        timeLimit,
        auto,
      },
    },
  ];
}

export function nominatePlayer({ data }: NominatePlayer, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const auctionId = requireAuctionId(data.auctionId);
  const teamId = requireId(data.teamId, 'Select a team');
  const player = requireDraftPlayer(data.player);
  const openingBid = requireDollars(data.openingBid, 'Opening bid');
  const now = requireTime(data.at);
  assertDraftActive(state);
  assertActsFor(data.actor, teamId, 'You can only nominate for your own team');
  requireDraftTeam(state, teamId);
  if (state.auction !== null) throw new ConflictError('An auction is already running');
  if (teamId !== state.currentTeamTurn) throw new ConflictError('It is not your turn to nominate');
  // Like a bid, an owner's nomination counts only strictly before the deadline: once the clock has run out the
  // auto-nomination is due, whether or not its timer has fired yet. An admin may still nominate for the team.
  const { nominationDeadline } = state;
  if (data.actor?.isAdmin !== true && nominationDeadline !== null && now >= Date.parse(nominationDeadline)) {
    throw new ConflictError('Your nomination clock has run out');
  }
  return openAuction(state, { auctionId, teamId, player, openingBid, now, at: data.at, auto: false });
}

/** The nomination timer's command: refused until the clock has run out, so a stale timer job does nothing. */
export function autoNominate({ data }: AutoNominate, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const auctionId = requireAuctionId(data.auctionId);
  const player = requireDraftPlayer(data.player);
  const now = requireTime(data.at);
  assertDraftActive(state);
  if (state.auction !== null) throw new ConflictError('An auction is already running');
  const { nominationDeadline, currentTeamTurn } = state;
  if (nominationDeadline === null || currentTeamTurn === null) {
    throw new ConflictError('No nomination clock is running');
  }
  if (now < Date.parse(nominationDeadline)) throw new ConflictError('The nomination clock is still running');
  return openAuction(state, {
    auctionId,
    teamId: currentTeamTurn,
    player,
    openingBid: MIN_BID,
    now,
    at: data.at,
    auto: true,
  });
}

export function placeBid({ data }: PlaceBid, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const auctionId = requireAuctionId(data.auctionId);
  const teamId = requireId(data.teamId, 'Select a team');
  const { amount } = data;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) {
    throw new ValidationError('Bid must be a whole number of dollars');
  }
  const now = requireTime(data.at);
  const auction = requireBiddableAuction(state, auctionId, now);
  assertActsFor(data.actor, teamId, 'You can only bid for your own team');
  requireDraftTeam(state, teamId);
  if (auction.currentBidder === teamId) throw new ConflictError('You are already the high bidder');
  const lowest = minimumNextBid(auction.currentBid);
  // Final: the minimum only rises while this auction runs, a closed auction never reopens, and auction ids are never
  // reused (the API draws a random one per nomination).
  if (amount < lowest) throw new ConflictError(`Bid must be at least $${lowest}`, { final: true });
  assertWithinMaxBid(state, teamId, amount);
  const bid = bidPlaced(state, { teamId, amount, now, at: data.at, proxy: false });
  // In the same append: the maximum bids it meets answer it at once (ADR 0017).
  return [bid, ...answerManualBid(evolveDraft(state, bid), now, data.at)];
}

/**
 * Closes the auction once its deadline has passed: the high bidder buys the player, then the turn passes.
 * Idempotent: completing an auction that is not the open one (already completed, or unknown) changes nothing.
 * The pick is dated `at`, when the sale is recorded, so pick times follow pick numbers.
 */
export function completeAuction({ data }: CompleteAuction, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const auctionId = requireAuctionId(data.auctionId);
  const pickId = requireId(data.pickId, 'Pick id is required');
  const now = requireTime(data.at);
  const { auction } = state;
  if (auction === null || auction.auctionId !== auctionId) return [];
  if (state.status === 'paused') throw new ConflictError('The draft is paused');
  if (now < Date.parse(auction.deadline)) throw new ConflictError('The auction is still running');
  assertNewPickId(state, pickId);
  const completed: AuctionCompleted = {
    type: 'AuctionCompleted',
    data: {
      auctionId,
      winnerTeamId: auction.currentBidder,
      winningBid: auction.currentBid,
      completedAt: data.at,
    },
  };
  const sold: PlayerSold = {
    type: 'PlayerSold',
    data: {
      pick: {
        pickId,
        pickNumber: state.picks.length + 1,
        playerId: auction.playerId,
        playerName: auction.playerName,
        position: auction.position,
        nflTeam: auction.nflTeam,
        teamId: auction.currentBidder,
        cost: auction.currentBid,
        source: 'auction',
        pickedAt: data.at,
      },
    },
  };
  const after = [completed, sold].reduce(evolveDraft, state);
  return [completed, sold, ...passTurn(after, now, data.at)];
}
