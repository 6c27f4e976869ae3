import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NominationQueueData } from '@auction/contracts';
import { DraftStream } from '../../../drafts/index.js';
import { playerNotFound } from '../../auction.errors.js';
import { appendedEvent } from '../../appended-event.js';
import { DraftActors } from '../../draft-actor.js';
import { NominationQueueViews } from '../../nomination-queues.js';
import { PlayerLookup } from '../../player-lookup.js';
import { privateEventSalt } from '../../private-event-salt.js';
import { SetNominationQueueCommand } from './set-nomination-queue.command.js';

/**
 * Records the queue in the draft's log (NominationQueueSet). It sends no socket event: the queue is private to its
 * team; the caller gets it back.
 */
@CommandHandler(SetNominationQueueCommand)
export class SetNominationQueueHandler implements ICommandHandler<SetNominationQueueCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
    @Inject(NominationQueueViews) private readonly views: NominationQueueViews,
  ) {}

  async execute({
    draftId,
    teamId,
    playerIds,
    user,
    at,
  }: SetNominationQueueCommand): Promise<NominationQueueData> {
    const known = new Set((await this.players.byProviderIds(playerIds)).map((player) => player.playerId));
    if (playerIds.some((id) => !known.has(id))) throw playerNotFound();
    const actor = await this.actors.of(user);
    const result = await this.drafts.run(
      draftId,
      { type: 'SetNominationQueue', data: { teamId, playerIds, actor, at, salt: privateEventSalt() } },
      user,
    );
    // The team the queue was set for: on a retry with the same key, the first run's, whatever team the retry names
    // (the decider did not judge the retry, so the team it names is nobody's to read).
    const queued = appendedEvent(result, 'NominationQueueSet')?.data.teamId ?? teamId;
    return this.views.of(draftId, result.state, queued);
  }
}
