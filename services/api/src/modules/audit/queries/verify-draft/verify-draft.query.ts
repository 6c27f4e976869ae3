import { Query } from '@nestjs/cqrs';
import type { VerifyData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/auth-user.js';

export class VerifyDraftQuery extends Query<VerifyData> {
  constructor(
    readonly user: AuthUser,
    readonly draftId: string,
  ) {
    super();
  }
}
