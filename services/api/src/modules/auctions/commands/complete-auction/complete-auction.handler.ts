import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import { arrivalsInFlight } from '../../../../common/http/arrivals-in-flight.js';
import { DraftStream } from '../../../drafts/index.js';
import { AuctionIndex } from '../../auction-index.js';
import { AuctionViews } from '../../auction-views.js';
import { CompleteAuctionCommand } from './complete-auction.command.js';

@CommandHandler(CompleteAuctionCommand)
export class CompleteAuctionHandler implements ICommandHandler<CompleteAuctionCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(AuctionIndex) private readonly index: AuctionIndex,
    @Inject(AuctionViews) private readonly views: AuctionViews,
  ) {}

  /** The completed auction, or null when it was completed long enough ago that it is no longer the last one. */
  async execute({ draftId, auctionId, actor, at }: CompleteAuctionCommand): Promise<Auction | null> {
    const id = draftId ?? (await this.index.draftOf(auctionId));
    // A bid received before the deadline may still be in its token check: it decides first (ADR 0006).
    await arrivalsInFlight.answeredBefore(Date.parse(at));
    const pickId = randomUUID();
    const result = await this.drafts.run(
      id,
      { type: 'CompleteAuction', data: { auctionId, pickId, at } },
      actor,
    );
    const last = result.state.lastCompletedAuction;
    return last?.auctionId === auctionId ? this.views.auction(id, result.state, auctionId) : null;
  }
}
