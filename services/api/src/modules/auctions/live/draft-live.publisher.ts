import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ServerEvents, type DraftLivePayload, type PlayerUpdatedPayload } from '@auction/contracts';
import type { AuctionBid, DraftEvent, DraftState, Pick } from '@auction/domain';
import type { RecordedEvent } from '@auction/event-store';
import { RealtimePublisher } from '../../../gateway/index.js';
import { TeamReadModel } from '../../teams/index.js';
import { DraftCommitHooks, type DraftCommitResult, DraftReadModel } from '../../drafts/index.js';
import { teamsNamedBy, toAuctionJson } from '../auction.mapper.js';
import { RecentBids } from '../recent-bids.js';
import { TeamDirectory, teamRefOr } from '../team-directory.js';
import { liveMeta, pickJsonOf } from './live-payloads.js';

type DraftLiveAction = DraftLivePayload['action'];
type Meta = ReturnType<typeof liveMeta>;

interface DraftLevel {
  event: string;
  action: DraftLiveAction;
  /** A command sends one draft-level event: the highest rank among its log events (the latest on a tie). */
  rank?: number;
}

/** The draft-level socket event (and its action) each draft-level log event announces. */
const DRAFT_LEVEL: Partial<Record<DraftEvent['type'], DraftLevel>> = {
  // Clients toast these two: they outrank the turn change that comes with them.
  DraftStarted: { event: ServerEvents.draftStarted, action: 'started', rank: 1 },
  DraftCompleted: { event: ServerEvents.draftCompleted, action: 'completed', rank: 2 },
  DraftCreated: { event: ServerEvents.draftUpdated, action: 'created' },
  DraftUpdated: { event: ServerEvents.draftUpdated, action: 'updated' },
  DraftTeamsAssigned: { event: ServerEvents.draftUpdated, action: 'teamsAssigned' },
  DraftDeleted: { event: ServerEvents.draftUpdated, action: 'deleted' },
  NominationTurnPassed: { event: ServerEvents.draftUpdated, action: 'turnPassed' },
  DraftPaused: { event: ServerEvents.draftUpdated, action: 'paused' },
  DraftResumed: { event: ServerEvents.draftUpdated, action: 'resumed' },
  DraftReopened: { event: ServerEvents.draftUpdated, action: 'reopened' },
  PickUpdated: { event: ServerEvents.draftUpdated, action: 'pickUpdated' },
  PickUndone: { event: ServerEvents.draftUpdated, action: 'pickUndone' },
  // Keepers change rosters and budgets before the start; the nomination queue (private) sends nothing.
  KeeperAdded: { event: ServerEvents.draftUpdated, action: 'keepersChanged' },
  KeeperRemoved: { event: ServerEvents.draftUpdated, action: 'keepersChanged' },
};

/**
 * Turns a draft's committed events into the socket events of docs/product.md §7.9 (Socket: server events). Runs in the
 * draft stream's turn right after the commit, so events go out in stream order; each carries its log `position`, its
 * draft stream `version` (the key clients order and de-duplicate by) and the `serverTime`. Room events (auction, bids,
 * picks) go to the draft room; draft-level changes (creation, teams, start, pause, turn, deletion, completion) and
 * player availability to every logged-in client (the dashboard and player lists show them too).
 */
@Injectable()
export class DraftLivePublisher implements OnModuleInit {
  readonly name = 'live events';
  /**
   * The round each draft last showed the draft-watchers room in (this instance's sends). A turn passing within the
   * round changes nothing a list shows (name, status, teams, round), so it goes to the draft's room only: the lists
   * of every dashboard on the server got each sale of each league (issue 10, O(everyone) per sale on draft night).
   */
  private readonly roundShownToWatchers = new Map<string, number>();

  constructor(
    @Inject(DraftCommitHooks) private readonly hooks: DraftCommitHooks,
    @Inject(RealtimePublisher) private readonly realtime: RealtimePublisher,
    @Inject(TeamDirectory) private readonly directory: TeamDirectory,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(DraftReadModel) private readonly drafts: DraftReadModel,
    @Inject(RecentBids) private readonly recentBids: RecentBids,
  ) {}

  onModuleInit(): void {
    this.hooks.register({ name: this.name, inOrder: (draftId, result) => this.publish(draftId, result) });
  }

  async publish(draftId: string, { recorded, state }: DraftCommitResult): Promise<void> {
    this.recentBids.follow(recorded);
    // Only auction payloads carry bids: a command without auction events reads none.
    const has = (type: DraftEvent['type']) => recorded.some((record) => record.type === type);
    const openBids =
      state.auction && (has('PlayerNominated') || has('BidPlaced'))
        ? await this.recentBids.of(state.auction)
        : [];
    const lastBids =
      state.lastCompletedAuction && has('AuctionCompleted')
        ? await this.recentBids.of(state.lastCompletedAuction)
        : [];
    const refs = await this.directory.refs(teamsOf(state, recorded, openBids, lastBids));
    let draftLevel: DraftLevel | null = null;
    for (const record of recorded) {
      const event = { type: record.type, data: record.data } as DraftEvent;
      const now = Date.now();
      const meta = liveMeta(draftId, record, now);
      switch (event.type) {
        case 'PlayerNominated': {
          if (state.auction?.auctionId !== event.data.auctionId) break;
          const auction = toAuctionJson(draftId, state.auction, openBids, refs, state, now);
          this.realtime.toDraft(draftId, ServerEvents.auctionStarted, {
            ...meta,
            auction,
            timeLeft: auction.timeLeft,
          });
          break;
        }
        case 'BidPlaced': {
          if (state.auction?.auctionId !== event.data.auctionId) break;
          const auction = toAuctionJson(draftId, state.auction, openBids, refs, state, now);
          const bidder = teamRefOr(refs, event.data.teamId);
          const proxy = event.data.proxy === true;
          // A proxy bid is a normal bid for the room (marked); the maximum behind it is never sent.
          this.realtime.toDraft(draftId, ServerEvents.bidPlaced, {
            ...meta,
            auction,
            timeLeft: auction.timeLeft,
            bidderName: bidder.name,
            bidAmount: event.data.amount,
            proxy,
          });
          // playerBid confirms the sender's own bid: a proxy bid in the same command answers someone else's.
          const actorId = record.metadata['actorId'];
          if (typeof actorId === 'string' && !proxy) {
            this.realtime.toUser(actorId, ServerEvents.playerBid, {
              ...meta,
              auctionId: event.data.auctionId,
              bidAmount: event.data.amount,
              accepted: true,
            });
          }
          break;
        }
        case 'AuctionCompleted': {
          const completed = state.lastCompletedAuction;
          if (completed?.auctionId !== event.data.auctionId) break;
          const auction = toAuctionJson(draftId, completed, lastBids, refs, state, now);
          this.realtime.toDraft(draftId, ServerEvents.auctionCompleted, {
            ...meta,
            auction,
            winnerName: teamRefOr(refs, event.data.winnerTeamId).name,
            playerName: completed.playerName,
            winningBid: event.data.winningBid,
            // The state after the whole command: the turn has passed with the sale.
            currentTeamTurn: state.currentTeamTurn ? teamRefOr(refs, state.currentTeamTurn) : null,
            nominationDeadline: state.nominationDeadline,
          });
          break;
        }
        case 'PlayerSold':
          await this.pickMade(draftId, state, event.data.pick, refs, meta);
          break;
        case 'PickUpdated': {
          const { pick, previous } = event.data;
          this.realtime.toDraftAndAdmins(draftId, ServerEvents.pickUpdated, {
            ...meta,
            pick: pickJsonOf(draftId, state, pick, refs),
            previous: pickJsonOf(draftId, state, previous, refs),
          });
          // One playerUpdated per log event (its identity is draft, version and name); a swap drafts the new player.
          this.playerUpdated(
            meta,
            previous.playerId !== pick.playerId ? 'drafted' : 'updated',
            pick.playerId,
          );
          break;
        }
        case 'PickUndone': {
          const { pick } = event.data;
          this.realtime.toDraftAndAdmins(draftId, ServerEvents.pickUndone, {
            ...meta,
            pickNumber: pick.pickNumber,
            pick: pickJsonOf(draftId, state, pick, refs),
          });
          this.playerUpdated(meta, 'undrafted', pick.playerId);
          break;
        }
        default:
          break;
      }
      const level = DRAFT_LEVEL[event.type];
      if (level && (level.rank ?? 0) >= (draftLevel?.rank ?? 0)) draftLevel = level;
    }
    // One draft-level event per command: the draft as it is now (read model, written in the same transaction), so it
    // carries the version of the command's last event.
    const last = recorded.at(-1);
    if (draftLevel && last) await this.draftEvent(draftId, state, draftLevel, last);
  }

  private async pickMade(
    draftId: string,
    state: DraftState,
    pick: Pick,
    refs: Map<string, { _id: string; name: string; teamNumber: number }>,
    meta: Meta,
  ): Promise<void> {
    const pickJson = pickJsonOf(draftId, state, pick, refs);
    const team = await this.teams.findById(pick.teamId);
    this.realtime.toDraftAndAdmins(draftId, ServerEvents.pickMade, { ...meta, pick: pickJson, team });
    if (pick.source === 'admin') {
      this.realtime.toDraftAndAdmins(draftId, ServerEvents.playerAssigned, {
        ...meta,
        playerName: pick.playerName,
        teamName: pickJson.teamId.name,
        cost: pick.cost,
        pick: pickJson,
      });
    }
    this.playerUpdated(meta, 'drafted', pick.playerId);
  }

  private playerUpdated(meta: Meta, action: PlayerUpdatedPayload['action'], playerId: string): void {
    const payload: PlayerUpdatedPayload = { ...meta, action, playerId, player: null };
    // A draft's sale or undo changes that draft's availability only (ADR 0015): its room is who shows it.
    this.realtime.toDraft(meta.draftId, ServerEvents.playerUpdated, payload);
  }

  private async draftEvent(
    draftId: string,
    state: DraftState,
    { event, action }: DraftLevel,
    last: RecordedEvent,
  ): Promise<void> {
    // A deleted draft is gone from the read model: the event still says so, with no draft.
    const draft = state.deleted ? null : await this.drafts.findById(draftId);
    if (!draft && !state.deleted) return;
    const payload: DraftLivePayload = {
      ...liveMeta(draftId, last, Date.now()),
      action,
      draft,
      currentTeamTurn: draft?.currentTeamTurn ?? null,
      nominationDeadline: draft ? state.nominationDeadline : null,
    };
    if (action === 'turnPassed' && draft && this.roundShownToWatchers.get(draftId) === draft.currentRound) {
      this.realtime.toDraft(draftId, event, payload);
      return;
    }
    if (draft && draft.status !== 'completed') this.roundShownToWatchers.set(draftId, draft.currentRound);
    else this.roundShownToWatchers.delete(draftId);
    this.realtime.toDraftAndWatchers(draftId, event, payload);
  }
}

/** Every team the committed events or the auctions name, to look their names up in one go. */
function teamsOf(
  state: DraftState,
  recorded: readonly RecordedEvent[],
  openBids: readonly AuctionBid[],
  lastBids: readonly AuctionBid[],
): string[] {
  const ids: string[] = [];
  if (state.currentTeamTurn) ids.push(state.currentTeamTurn);
  if (state.auction) ids.push(...teamsNamedBy(state.auction, openBids));
  if (state.lastCompletedAuction) ids.push(...teamsNamedBy(state.lastCompletedAuction, lastBids));
  for (const record of recorded) {
    const data = record.data as { pick?: Pick; previous?: Pick };
    if (data.pick) ids.push(data.pick.teamId);
    if (data.previous) ids.push(data.previous.teamId);
  }
  return ids;
}
