export { UsersModule } from './users.module.js';
export { UsersService, USERNAME_TAKEN, EMAIL_TAKEN, type CreateUserInput } from './users.service.js';
export { UsersRepository } from './users.repository.js';
export { PasswordHasher } from './password-hasher.js';
export { toUserDto, type UserRecord } from './user.record.js';
