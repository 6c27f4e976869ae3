import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ServerEvents, type Player } from '@auction/contracts';
import { RealtimePublisher } from '../../gateway/index.js';

/** The spec's playerUpdated actions: the draft room refreshes its player list on each. */
export type PlayerUpdateAction = 'drafted' | 'undrafted' | 'updated';

/**
 * Announces player changes to every logged-in client (the draft room's grid, the assignment panel). Called after
 * the change committed; a failure to publish is logged and never fails the request.
 */
@Injectable()
export class PlayerEventsPublisher {
  private readonly logger = new Logger(PlayerEventsPublisher.name);

  constructor(@Optional() @Inject(RealtimePublisher) private readonly realtime?: RealtimePublisher) {}

  playerUpdated(player: Player, action: PlayerUpdateAction): void {
    try {
      this.realtime?.toAll(ServerEvents.playerUpdated, { action, player });
    } catch (error) {
      this.logger.warn(`could not publish playerUpdated for player ${player._id}: ${String(error)}`);
    }
  }
}
