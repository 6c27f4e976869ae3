import { Query } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';

export class ListDraftPicksQuery extends Query<Pick[]> {
  constructor(readonly draftId: string) {
    super();
  }
}
