import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IDEMPOTENT_AUCTION_ENDED_MESSAGE, type Auction } from '@auction/contracts';
import { ConflictError, assertDraftActive, type DraftCommand, type DraftState } from '@auction/domain';
import { appendedEvent } from '../../appended-event.js';
import { DraftStream } from '../../../drafts/index.js';
import { playerNotFound, teamRequired } from '../../auction.errors.js';
import { AuctionViews } from '../../auction-views.js';
import { DraftActors, ownTeamIn } from '../../draft-actor.js';
import { PlayerLookup } from '../../player-lookup.js';
import { NominatePlayerCommand } from './nominate-player.command.js';

@CommandHandler(NominatePlayerCommand)
export class NominatePlayerHandler implements ICommandHandler<NominatePlayerCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
    @Inject(AuctionViews) private readonly views: AuctionViews,
  ) {}

  async execute(command: NominatePlayerCommand): Promise<Auction> {
    const { draftId, user, at } = command;
    const player = await this.players.byProviderId(command.playerId);
    if (!player) throw playerNotFound();
    // Whether he is still available is decided from this draft's own picks (the decider), race-free under the
    // stream's expected version; a sale in another draft does not matter (docs/adr/0015).
    const actor = await this.actors.of(user);
    const auctionId = randomUUID();
    const build = (state: DraftState): DraftCommand => {
      // Admins nominate for the team on the clock; a user for their own team in this draft.
      const teamId =
        command.teamId ??
        (actor.isAdmin ? (state.currentTeamTurn ?? undefined) : ownTeamIn(actor, state.teamOrder));
      if (!teamId && state.exists && !state.deleted) {
        // A draft that is not running says so first, as it does when a team is named.
        assertDraftActive(state);
        throw teamRequired();
      }
      return {
        type: 'NominatePlayer',
        data: {
          auctionId,
          teamId: teamId ?? '',
          player,
          openingBid: command.openingBid,
          actor,
          at,
        },
      };
    };
    const result = await this.drafts.run(draftId, { kind: 'NominatePlayer', build }, user);
    // A retry with the same key answers the auction its first run opened (a new id was drawn for this attempt).
    const opened = appendedEvent(result, 'PlayerNominated')!;
    const auction = await this.views.auction(draftId, result.state, opened.data.auctionId);
    // Null only for a retry whose auction has ended since; the per-stream queue rules out a first run's draft moving on.
    if (!auction) throw new ConflictError(IDEMPOTENT_AUCTION_ENDED_MESSAGE);
    return auction;
  }
}
