import { Query } from '@nestjs/cqrs';
import type { ResultsRow } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/auth-user.js';

export class ExportResultsQuery extends Query<{ draftName: string; rows: ResultsRow[] }> {
  constructor(
    readonly user: AuthUser,
    readonly draftId: string,
  ) {
    super();
  }
}
