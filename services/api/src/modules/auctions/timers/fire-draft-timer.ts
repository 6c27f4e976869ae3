import type { CommandBus } from '@nestjs/cqrs';
import { AutoNominateCommand } from '../commands/auto-nominate/auto-nominate.command.js';
import { CompleteAuctionCommand } from '../commands/complete-auction/complete-auction.command.js';
import { AUTO_NOMINATE_JOB, COMPLETE_AUCTION_JOB, type DraftTimerJob } from './draft-timers.constants.js';

/**
 * Runs the command a due timer stands for, at this host's time. Both are safe to run twice: the decider ignores a
 * completion of an auction that is no longer open and refuses one that is not due, or a nomination while an
 * auction runs; so a queued job and the PostgreSQL sweep may both fire the same deadline.
 */
export async function fireDraftTimer(
  commandBus: CommandBus,
  timer: Pick<DraftTimerJob, 'name' | 'data'>,
): Promise<void> {
  if (timer.name === COMPLETE_AUCTION_JOB) {
    const { draftId, auctionId } = timer.data as { draftId: string; auctionId: string };
    await commandBus.execute(new CompleteAuctionCommand(draftId, auctionId, 'system'));
  } else if (timer.name === AUTO_NOMINATE_JOB) {
    await commandBus.execute(new AutoNominateCommand(timer.data.draftId));
  }
}
