import { Query } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';

export class ListKeepersQuery extends Query<KeepersData> {
  constructor(readonly draftId: string) {
    super();
  }
}
