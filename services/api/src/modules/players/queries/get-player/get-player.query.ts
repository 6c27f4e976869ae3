import { Query } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import type { DraftScopeRequest } from '../../player-draft-scope.js';

export class GetPlayerQuery extends Query<Player> {
  constructor(
    readonly playerId: string,
    readonly scope: DraftScopeRequest,
  ) {
    super();
  }
}
