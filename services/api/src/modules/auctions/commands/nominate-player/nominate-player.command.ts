import { Command } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** The team on the clock puts a player up (its owner, or an admin for it). `at`: when the server received it. */
export class NominatePlayerCommand extends Command<Auction> {
  constructor(
    readonly draftId: string,
    readonly playerId: string,
    readonly teamId: string | undefined,
    readonly openingBid: number,
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
