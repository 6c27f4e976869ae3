import { Command } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/**
 * Closes an auction whose deadline passed: from the auction timer, a client whose countdown reached zero, or the
 * start-up recovery. `draftId` is null when only the auction is known (REST). Idempotent once completed.
 */
export class CompleteAuctionCommand extends Command<Auction | null> {
  constructor(
    readonly draftId: string | null,
    readonly auctionId: string,
    readonly actor: Actor,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
