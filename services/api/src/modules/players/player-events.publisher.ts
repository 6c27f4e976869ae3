import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ServerEvents, type Player, type PlayerUpdatedPayload } from '@auction/contracts';
import { RealtimePublisher } from '../../gateway/index.js';

/**
 * The playerUpdated actions (docs/product.md §7.9 (Socket: server events)): the draft room refreshes its player list on
 * each.
 */
export type PlayerUpdateAction = 'drafted' | 'undrafted' | 'updated';

/**
 * Announces catalogue changes (projections) to every logged-in client (the draft room's grid, the assignment panel)
 * in the one playerUpdated shape: the catalogue is shared by every draft and not in the log, so `draftId`,
 * `position` and `version` are null. Called after the change committed; a failure to publish is logged and never
 * fails the request.
 */
@Injectable()
export class PlayerEventsPublisher {
  private readonly logger = new Logger(PlayerEventsPublisher.name);

  constructor(@Optional() @Inject(RealtimePublisher) private readonly realtime?: RealtimePublisher) {}

  playerUpdated(player: Player, action: PlayerUpdateAction): void {
    try {
      const payload: PlayerUpdatedPayload = {
        draftId: null,
        position: null,
        version: null,
        serverTime: new Date().toISOString(),
        action,
        playerId: player.playerId,
        player,
      };
      this.realtime?.toAll(ServerEvents.playerUpdated, payload);
    } catch (error) {
      this.logger.warn(`could not publish playerUpdated for player ${player._id}: ${String(error)}`);
    }
  }
}
