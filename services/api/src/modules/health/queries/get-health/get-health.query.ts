import { Query } from '@nestjs/cqrs';
import type { HealthData } from '@auction/contracts';

export class GetHealthQuery extends Query<HealthData> {}
