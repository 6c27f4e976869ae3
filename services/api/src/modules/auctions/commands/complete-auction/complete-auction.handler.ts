import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import { arrivalsInFlight } from '../../../../common/http/arrivals-in-flight.js';
import { DraftStream } from '../../../drafts/index.js';
import { AuctionIndex } from '../../auction-index.js';
import { AuctionViews } from '../../auction-views.js';
import { TIMER_GRACE_MS } from '../../timers/draft-timers.constants.js';
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
    const askedAt = Date.parse(at);
    await this.waitOutGrace(id, auctionId, askedAt);
    // A bid received before the deadline may still be in its token check: it decides first (ADR 0006).
    await arrivalsInFlight.answeredBefore(askedAt, id);
    const pickId = randomUUID();
    const result = await this.drafts.run(
      id,
      { type: 'CompleteAuction', data: { auctionId, pickId, at } },
      actor,
    );
    const last = result.state.lastCompletedAuction;
    return last?.auctionId === auctionId ? this.views.auction(id, result.state, auctionId) : null;
  }

  /**
   * The timer fires TIMER_GRACE_MS after the deadline so that a bid received just before it by another instance
   * reaches the stream first (ADR 0006). Every browser in the room asks as its countdown reaches zero, and anyone may
   * ask: a request within the grace waits it out, or it sold the player at once and that bid was refused as ended.
   * Asked before the deadline, it is refused as still running without waiting.
   */
  private async waitOutGrace(draftId: string, auctionId: string, askedAt: number): Promise<void> {
    const { auction } = (await this.drafts.readAtLeast(draftId, 0)).state;
    if (auction?.auctionId !== auctionId || auction.pausedTimeLeftMs !== null) return;
    const deadline = Date.parse(auction.deadline);
    const wait = deadline + TIMER_GRACE_MS - Date.now();
    if (askedAt >= deadline && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
