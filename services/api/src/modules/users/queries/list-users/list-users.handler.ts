import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { User } from '@auction/contracts';
import { toUserDto } from '../../user.record.js';
import { UsersRepository } from '../../users.repository.js';
import { ListUsersQuery } from './list-users.query.js';

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, User[]> {
  constructor(private readonly users: UsersRepository) {}

  async execute(): Promise<User[]> {
    return (await this.users.listAll()).map(toUserDto);
  }
}
