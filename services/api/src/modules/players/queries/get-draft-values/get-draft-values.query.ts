import { Query } from '@nestjs/cqrs';
import type { DraftValuesData } from '@auction/contracts';

export class GetDraftValuesQuery extends Query<DraftValuesData> {
  constructor(readonly draftId: string) {
    super();
  }
}
