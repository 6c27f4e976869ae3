import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { User } from '@auction/contracts';
import { NotFoundError } from '@auction/domain';
import { UsersService, toUserDto } from '../../../users/index.js';
import { GetMeQuery } from './get-me.query.js';

@QueryHandler(GetMeQuery)
export class GetMeHandler implements IQueryHandler<GetMeQuery> {
  constructor(private readonly users: UsersService) {}

  async execute(query: GetMeQuery): Promise<User> {
    const user = await this.users.findById(query.userId);
    if (!user) throw new NotFoundError('User not found');
    return toUserDto(user);
  }
}
