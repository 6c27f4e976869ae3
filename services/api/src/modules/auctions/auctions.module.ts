import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/index.js';
import { TeamsModule } from '../teams/index.js';
import { AuctionIndex } from './auction-index.js';
import { AuctionViews } from './auction-views.js';
import { ChatRepository } from './chat/chat.repository.js';
import {
  AssignPlayerController,
  MakePickController,
} from './commands/assign-player/assign-player.controller.js';
import { AddKeeperController } from './commands/add-keeper/add-keeper.controller.js';
import { AddKeeperHandler } from './commands/add-keeper/add-keeper.handler.js';
import { RemoveKeeperController } from './commands/remove-keeper/remove-keeper.controller.js';
import { RemoveKeeperHandler } from './commands/remove-keeper/remove-keeper.handler.js';
import { SetNominationQueueController } from './commands/set-nomination-queue/set-nomination-queue.controller.js';
import { SetNominationQueueHandler } from './commands/set-nomination-queue/set-nomination-queue.handler.js';
import { GetNominationQueueController } from './queries/get-nomination-queue/get-nomination-queue.controller.js';
import { GetNominationQueueHandler } from './queries/get-nomination-queue/get-nomination-queue.handler.js';
import { ListKeepersController } from './queries/list-keepers/list-keepers.controller.js';
import { NominationQueueViews } from './nomination-queues.js';
import { AssignPlayerHandler } from './commands/assign-player/assign-player.handler.js';
import { AutoNominateHandler } from './commands/auto-nominate/auto-nominate.handler.js';
import { CompleteAuctionController } from './commands/complete-auction/complete-auction.controller.js';
import { CompleteAuctionHandler } from './commands/complete-auction/complete-auction.handler.js';
import { NominatePlayerController } from './commands/nominate-player/nominate-player.controller.js';
import { NominatePlayerHandler } from './commands/nominate-player/nominate-player.handler.js';
import { PauseDraftController } from './commands/pause-draft/pause-draft.controller.js';
import { PauseDraftHandler } from './commands/pause-draft/pause-draft.handler.js';
import { PlaceBidController } from './commands/place-bid/place-bid.controller.js';
import { PlaceBidHandler } from './commands/place-bid/place-bid.handler.js';
import { RemoveProxyBidController } from './commands/remove-proxy-bid/remove-proxy-bid.controller.js';
import { RemoveProxyBidHandler } from './commands/remove-proxy-bid/remove-proxy-bid.handler.js';
import { ResumeDraftController } from './commands/resume-draft/resume-draft.controller.js';
import { ResumeDraftHandler } from './commands/resume-draft/resume-draft.handler.js';
import { SetProxyBidController } from './commands/set-proxy-bid/set-proxy-bid.controller.js';
import { SetProxyBidHandler } from './commands/set-proxy-bid/set-proxy-bid.handler.js';
import { UndoPickController } from './commands/undo-pick/undo-pick.controller.js';
import { UndoPickHandler } from './commands/undo-pick/undo-pick.handler.js';
import { UpdatePickController } from './commands/update-pick/update-pick.controller.js';
import { UpdatePickHandler } from './commands/update-pick/update-pick.handler.js';
import { DraftActors } from './draft-actor.js';
import { DraftRoomGateway } from './gateway/draft-room.gateway.js';
import { DraftLivePublisher } from './live/draft-live.publisher.js';
import { PicksReadModel } from './picks.read-model.js';
import { ProxyBidViews } from './proxy-bids.js';
import { RecentBids } from './recent-bids.js';
import { PlayerLookup } from './player-lookup.js';
import { GetDraftAuctionController } from './queries/get-draft-auction/get-draft-auction.controller.js';
import { GetDraftAuctionHandler } from './queries/get-draft-auction/get-draft-auction.handler.js';
import { GetProxyBidController } from './queries/get-proxy-bid/get-proxy-bid.controller.js';
import { GetProxyBidHandler } from './queries/get-proxy-bid/get-proxy-bid.handler.js';
import { ListDraftPicksController } from './queries/list-draft-picks/list-draft-picks.controller.js';
import { ListDraftPicksHandler } from './queries/list-draft-picks/list-draft-picks.handler.js';
import { ListKeepersHandler } from './queries/list-keepers/list-keepers.handler.js';
import { ListRecentPicksController } from './queries/list-recent-picks/list-recent-picks.controller.js';
import { ListRecentPicksHandler } from './queries/list-recent-picks/list-recent-picks.handler.js';
import { TeamDirectory } from './team-directory.js';
import { DraftTimersQueue } from './timers/draft-timers.queue.js';
import { DraftTimersSweeper } from './timers/draft-timers.sweeper.js';

/**
 * The live auction (docs/adr/0006-live-auction.md): nominations, bids, completion, pause/resume and pick
 * corrections on the draft stream; the auction and pick reads; the draft room socket gateway; the draft timers.
 */
@Module({
  imports: [TeamsModule, DraftsModule],
  // Static paths before parameterised ones of the same shape (drafts/picks/recent before drafts/:id/picks).
  controllers: [
    ListRecentPicksController,
    ListDraftPicksController,
    GetDraftAuctionController,
    NominatePlayerController,
    PlaceBidController,
    GetProxyBidController,
    SetProxyBidController,
    RemoveProxyBidController,
    CompleteAuctionController,
    PauseDraftController,
    ResumeDraftController,
    AssignPlayerController,
    MakePickController,
    UpdatePickController,
    UndoPickController,
    GetNominationQueueController,
    SetNominationQueueController,
    ListKeepersController,
    AddKeeperController,
    RemoveKeeperController,
  ],
  providers: [
    AuctionIndex,
    AuctionViews,
    ChatRepository,
    DraftActors,
    DraftLivePublisher,
    DraftRoomGateway,
    DraftTimersQueue,
    DraftTimersSweeper,
    PicksReadModel,
    PlayerLookup,
    ProxyBidViews,
    NominationQueueViews,
    TeamDirectory,
    RecentBids,
    NominatePlayerHandler,
    PlaceBidHandler,
    SetProxyBidHandler,
    RemoveProxyBidHandler,
    GetProxyBidHandler,
    CompleteAuctionHandler,
    AutoNominateHandler,
    PauseDraftHandler,
    ResumeDraftHandler,
    AssignPlayerHandler,
    UpdatePickHandler,
    UndoPickHandler,
    SetNominationQueueHandler,
    GetNominationQueueHandler,
    AddKeeperHandler,
    RemoveKeeperHandler,
    GetDraftAuctionHandler,
    ListDraftPicksHandler,
    ListKeepersHandler,
    ListRecentPicksHandler,
  ],
  exports: [DraftTimersQueue],
})
export class AuctionsModule {}
