import { Query } from '@nestjs/cqrs';
import type { OpsFiguresData } from '@auction/contracts';

export class GetOpsFiguresQuery extends Query<OpsFiguresData> {}
