import { Inject, Injectable } from '@nestjs/common';
import { ServerEvents, playerSyncProgressSchema, type PlayerSyncProgress } from '@auction/contracts';
import { RealtimePublisher } from '../../../gateway/realtime-publisher.js';

/** `playerSyncProgress` to admin sockets only, on every instance (the Sync Players card's progress bar). */
@Injectable()
export class PlayerSyncProgressPublisher {
  constructor(@Inject(RealtimePublisher) private readonly realtime: RealtimePublisher) {}

  publish(progress: PlayerSyncProgress): void {
    this.realtime.toAdmins(ServerEvents.playerSyncProgress, playerSyncProgressSchema.parse(progress));
  }
}
