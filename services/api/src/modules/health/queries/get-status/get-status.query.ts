import { Query } from '@nestjs/cqrs';
import type { StatusData } from '@auction/contracts';

export class GetStatusQuery extends Query<StatusData> {}
