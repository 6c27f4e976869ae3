import { Query } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';

export class GetPlayerQuery extends Query<Player> {
  constructor(readonly playerId: string) {
    super();
  }
}
