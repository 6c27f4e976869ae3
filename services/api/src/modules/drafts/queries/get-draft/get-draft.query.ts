import { Query } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';

export class GetDraftQuery extends Query<Draft> {
  constructor(readonly draftId: string) {
    super();
  }
}
