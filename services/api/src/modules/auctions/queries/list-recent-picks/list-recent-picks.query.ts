import { Query } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';

export class ListRecentPicksQuery extends Query<Pick[]> {
  constructor(
    readonly limit: number,
    readonly draftId?: string,
  ) {
    super();
  }
}
