import { Query } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';

export class GetTeamQuery extends Query<Team> {
  constructor(readonly teamId: string) {
    super();
  }
}
