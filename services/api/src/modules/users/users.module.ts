import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher.js';
import { ListUsersController } from './queries/list-users/list-users.controller.js';
import { ListUsersHandler } from './queries/list-users/list-users.handler.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [ListUsersController],
  providers: [UsersRepository, UsersService, PasswordHasher, ListUsersHandler],
  exports: [UsersRepository, UsersService, PasswordHasher],
})
export class UsersModule {}
