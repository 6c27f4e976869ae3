import { Query } from '@nestjs/cqrs';
import type { DraftActivityData } from '@auction/contracts';

export class GetDraftActivityQuery extends Query<DraftActivityData> {
  constructor(
    readonly draftId: string,
    readonly limit: number,
  ) {
    super();
  }
}
