import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ServerEvents } from '@auction/contracts';
import type { DraftEvent, DraftState, Pick } from '@auction/domain';
import type { RecordedEvent } from '@auction/event-store';
import { RealtimePublisher } from '../../../gateway/index.js';
import { TeamReadModel } from '../../teams/team.read-model.js';
import { DraftCommitHooks, type DraftCommitResult } from '../../drafts/draft-commit-hooks.js';
import { DraftReadModel } from '../../drafts/draft.read-model.js';
import { teamsNamedBy, toAuctionJson } from '../auction.mapper.js';
import { TeamDirectory, teamRefOr } from '../team-directory.js';
import { liveMeta, pickJsonOf } from './live-payloads.js';

/** The draftUpdated action each draft-level event announces. */
const DRAFT_UPDATE_ACTIONS: Partial<Record<DraftEvent['type'], string>> = {
  NominationTurnPassed: 'turnPassed',
  DraftPaused: 'paused',
  DraftResumed: 'resumed',
  DraftReopened: 'reopened',
  PickUpdated: 'pickUpdated',
  PickUndone: 'pickUndone',
};

/**
 * Turns the auction's committed events into the spec's socket events (section 7). Runs in the draft stream's turn
 * right after the commit, so events go out in log order; each carries its log `position` and the `serverTime`.
 * Room events (auction, bids, picks) go to the draft room; draft-level changes and player availability to every
 * logged-in client (the dashboard and player lists show them too). Draft creation, start and deletion keep their
 * own publisher (DraftEventsPublisher).
 */
@Injectable()
export class DraftLivePublisher implements OnModuleInit {
  readonly name = 'live events';

  constructor(
    @Inject(DraftCommitHooks) private readonly hooks: DraftCommitHooks,
    @Inject(RealtimePublisher) private readonly realtime: RealtimePublisher,
    @Inject(TeamDirectory) private readonly directory: TeamDirectory,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(DraftReadModel) private readonly drafts: DraftReadModel,
  ) {}

  onModuleInit(): void {
    this.hooks.register({ name: this.name, inOrder: (draftId, result) => this.publish(draftId, result) });
  }

  async publish(draftId: string, { recorded, state }: DraftCommitResult): Promise<void> {
    const refs = await this.directory.refs(teamsOf(state, recorded));
    let draftUpdate: { action: string; position: number } | null = null;
    let completedAt: number | null = null;
    for (const record of recorded) {
      const event = { type: record.type, data: record.data } as DraftEvent;
      const now = Date.now();
      const meta = liveMeta(draftId, record.globalPosition, now);
      switch (event.type) {
        case 'PlayerNominated': {
          if (state.auction?.auctionId !== event.data.auctionId) break;
          const auction = toAuctionJson(draftId, state.auction, refs, state, now);
          this.realtime.toDraft(draftId, ServerEvents.auctionStarted, {
            ...meta,
            auction,
            timeLeft: auction.timeLeft,
          });
          break;
        }
        case 'BidPlaced': {
          if (state.auction?.auctionId !== event.data.auctionId) break;
          const auction = toAuctionJson(draftId, state.auction, refs, state, now);
          const bidder = teamRefOr(refs, event.data.teamId);
          this.realtime.toDraft(draftId, ServerEvents.bidPlaced, {
            ...meta,
            auction,
            timeLeft: auction.timeLeft,
            bidderName: bidder.name,
            bidAmount: event.data.amount,
          });
          const actorId = record.metadata['actorId'];
          if (typeof actorId === 'string') {
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
          const auction = toAuctionJson(draftId, completed, refs, state, now);
          this.realtime.toDraft(draftId, ServerEvents.auctionCompleted, {
            ...meta,
            auction,
            winnerName: teamRefOr(refs, event.data.winnerTeamId).name,
            playerName: completed.playerName,
            winningBid: event.data.winningBid,
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
          if (previous.playerId !== pick.playerId) {
            this.playerUpdated(meta, 'undrafted', previous.playerId);
            this.playerUpdated(meta, 'drafted', pick.playerId);
          } else this.playerUpdated(meta, 'updated', pick.playerId);
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
        case 'DraftCompleted':
          completedAt = record.globalPosition;
          break;
        default:
          break;
      }
      const action = DRAFT_UPDATE_ACTIONS[event.type];
      if (action) draftUpdate = { action, position: record.globalPosition };
    }
    // One draft-level event per command: the draft as it is now (read model, written in the same transaction).
    if (completedAt !== null)
      await this.draftEvent(draftId, state, ServerEvents.draftCompleted, 'completed', completedAt);
    else if (draftUpdate)
      await this.draftEvent(
        draftId,
        state,
        ServerEvents.draftUpdated,
        draftUpdate.action,
        draftUpdate.position,
      );
  }

  private async pickMade(
    draftId: string,
    state: DraftState,
    pick: Pick,
    refs: Map<string, { _id: string; name: string; teamNumber: number }>,
    meta: ReturnType<typeof liveMeta>,
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

  private playerUpdated(
    meta: ReturnType<typeof liveMeta>,
    action: 'drafted' | 'undrafted' | 'updated',
    playerId: string,
  ): void {
    this.realtime.toAll(ServerEvents.playerUpdated, { ...meta, action, playerId });
  }

  private async draftEvent(
    draftId: string,
    state: DraftState,
    event: string,
    action: string,
    position: number,
  ): Promise<void> {
    const draft = await this.drafts.findById(draftId);
    if (!draft) return;
    this.realtime.toAll(event, {
      ...liveMeta(draftId, position, Date.now()),
      action,
      draft,
      currentTeamTurn: draft.currentTeamTurn,
      nominationDeadline: state.nominationDeadline,
    });
  }
}

/** Every team the committed events or the auction name, to look their names up in one go. */
function teamsOf(state: DraftState, recorded: readonly RecordedEvent[]): string[] {
  const ids: string[] = [];
  if (state.auction) ids.push(...teamsNamedBy(state.auction));
  if (state.lastCompletedAuction) ids.push(...teamsNamedBy(state.lastCompletedAuction));
  for (const record of recorded) {
    const data = record.data as { pick?: Pick; previous?: Pick };
    if (data.pick) ids.push(data.pick.teamId);
    if (data.previous) ids.push(data.previous.teamId);
  }
  return ids;
}
