import { Query } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';

/** Every live team, by team number. */
export class ListTeamsQuery extends Query<Team[]> {}
