import { Query } from '@nestjs/cqrs';
import type { User } from '@auction/contracts';

export class ListUsersQuery extends Query<User[]> {}
