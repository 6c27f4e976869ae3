import { Query } from '@nestjs/cqrs';
import type { User } from '@auction/contracts';

export class GetMeQuery extends Query<User> {
  constructor(readonly userId: string) {
    super();
  }
}
