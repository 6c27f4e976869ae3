import { Command } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';

/** New projection values; an absent field is left as it is, a null ADP or auction value clears it. */
export interface ProjectionChanges {
  projectedPoints?: number;
  adp?: number | null;
  auctionValue?: number | null;
}

export class UpdateProjectionsCommand extends Command<Player> {
  constructor(
    readonly playerId: string,
    readonly changes: ProjectionChanges,
  ) {
    super();
  }
}
