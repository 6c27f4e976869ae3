import type { Command } from '../shared/decider.js';
import type { DraftSettings } from '../rules/limits.js';
import type { DraftActor, DraftPlayer, TeamSlot } from './draft.types.js';

/*
 * `at` is always the ISO time the server received the command (its clock decides deadlines), so `decide` stays
 * pure. Ids of new things (auction, pick) are chosen by the handler, so a retried command decides the same way.
 */

export type CreateDraft = Command<
  'CreateDraft',
  { draftId: string; name: string; settings?: Partial<DraftSettings>; at: string }
>;

export type UpdateDraft = Command<'UpdateDraft', { name?: string; settings?: Partial<DraftSettings> }>;

/** Replaces the draft's set of teams. */
export type AssignTeams = Command<'AssignTeams', { teams: TeamSlot[] }>;

/** `teams` are the assigned teams with their current numbers, read by the handler from the team read model. */
export type StartDraft = Command<'StartDraft', { teams: TeamSlot[]; at: string }>;

export type DeleteDraft = Command<'DeleteDraft', { at: string }>;

/** The team on the clock puts a player up with an opening bid (its owner, or an admin for it). */
export type NominatePlayer = Command<
  'NominatePlayer',
  {
    auctionId: string;
    teamId: string;
    player: DraftPlayer;
    openingBid: number;
    actor: DraftActor;
    at: string;
  }
>;

/**
 * Sent by the nomination timer: the team on the clock let its nomination clock run out, so the best available
 * player by ADP (chosen by the handler from the catalogue) goes up for $1 in its name.
 */
export type AutoNominate = Command<'AutoNominate', { auctionId: string; player: DraftPlayer; at: string }>;

export type PlaceBid = Command<
  'PlaceBid',
  { auctionId: string; teamId: string; amount: number; actor: DraftActor; at: string }
>;

/**
 * Sets or changes a team's private maximum for the open auction (ADR 0017); its proxy may bid at once. `salt`: random
 * text the event keeps private with the maximum (see ProxyBidSet).
 */
export type SetProxyBid = Command<
  'SetProxyBid',
  { auctionId: string; teamId: string; maxBid: number; actor: DraftActor; at: string; salt?: string }
>;

/** Takes a team's maximum away; the bids it already placed stand. */
export type RemoveProxyBid = Command<
  'RemoveProxyBid',
  { auctionId: string; teamId: string; actor: DraftActor; at: string }
>;

/** Sent by the auction timer, by a client whose countdown reached zero, or after a restart. */
export type CompleteAuction = Command<'CompleteAuction', { auctionId: string; pickId: string; at: string }>;

export type PauseDraft = Command<'PauseDraft', { at: string }>;
export type ResumeDraft = Command<'ResumeDraft', { at: string }>;

/** Admin correction: gives a player to a team at a cost, outside any auction. */
export type AssignPlayer = Command<
  'AssignPlayer',
  { pickId: string; teamId: string; player: DraftPlayer; cost: number; at: string }
>;

/** Admin correction of one pick; absent fields stay as they are. */
export type UpdatePick = Command<
  'UpdatePick',
  {
    pickId: string;
    /** When given, the pick must still have this number (the client edited what it saw). */
    expectedPickNumber?: number;
    changes: {
      playerId?: string;
      playerName?: string;
      position?: string;
      nflTeam?: string;
      teamId?: string;
      cost?: number;
    };
    at: string;
  }
>;

/** Admin correction: takes back one pick (refund, player free again); every other pick stays. */
export type UndoPick = Command<'UndoPick', { pickId: string; at: string }>;

/** Replaces a team's nomination queue (its owner, or an admin): players it nominates when its clock runs out. */
export type SetNominationQueue = Command<
  'SetNominationQueue',
  { teamId: string; playerIds: string[]; actor: DraftActor; at: string; salt?: string }
>;

/** Admin, before the start: the team keeps a player at `cost`; he joins its roster as a keeper pick. */
export type AddKeeper = Command<
  'AddKeeper',
  { pickId: string; teamId: string; player: DraftPlayer; cost: number; at: string }
>;

/** Admin, before the start: takes a keeper back (the player is free in this draft again). */
export type RemoveKeeper = Command<'RemoveKeeper', { playerId: string; at: string }>;

export type DraftCommand =
  | CreateDraft
  | UpdateDraft
  | AssignTeams
  | StartDraft
  | DeleteDraft
  | NominatePlayer
  | AutoNominate
  | PlaceBid
  | SetProxyBid
  | RemoveProxyBid
  | CompleteAuction
  | PauseDraft
  | ResumeDraft
  | AssignPlayer
  | UpdatePick
  | UndoPick
  | SetNominationQueue
  | AddKeeper
  | RemoveKeeper;
