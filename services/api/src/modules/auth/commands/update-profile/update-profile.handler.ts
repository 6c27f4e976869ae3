import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { User } from '@auction/contracts';
import { NotFoundError, ValidationError } from '@auction/domain';
import { RealtimePublisher } from '../../../../gateway/index.js';
import { PasswordHasher, UsersRepository, UsersService, toUserDto } from '../../../users/index.js';
import { WRONG_CURRENT_PASSWORD } from './update-profile-rate-limit.js';
import { UpdateProfileCommand } from './update-profile.command.js';

/** Changes the caller's username, email and/or password (the latter only with the current password). */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly realtime: RealtimePublisher,
  ) {}

  async execute({ userId, changes }: UpdateProfileCommand): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('User not found');

    let passwordHash: string | undefined;
    if (changes.newPassword !== undefined) {
      // A 400, not a 401: the session is fine, only this form field is wrong.
      if (!(await this.hasher.verify(user.passwordHash, changes.currentPassword ?? ''))) {
        throw new ValidationError(WRONG_CURRENT_PASSWORD);
      }
      passwordHash = await this.hasher.hash(changes.newPassword);
    }
    await this.users.assertAvailable({ username: changes.username, email: changes.email }, userId);

    const updated = await this.repository.update(userId, {
      username: changes.username,
      email: changes.email,
      passwordHash,
    });
    if (!updated) throw new NotFoundError('User not found');
    // The open sockets act as the new name at once, as every HTTP call does (it reads the user each time).
    if (updated.username !== user.username) {
      this.realtime.userRenamed({ id: updated.id, username: updated.username });
    }
    return toUserDto(updated);
  }
}
