import { Query } from '@nestjs/cqrs';
import type { DraftStatusData } from '@auction/contracts';

export class GetDraftStatusQuery extends Query<DraftStatusData> {
  constructor(readonly draftId: string) {
    super();
  }
}
