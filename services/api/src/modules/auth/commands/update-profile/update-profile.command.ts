import { Command } from '@nestjs/cqrs';
import type { User } from '@auction/contracts';

export class UpdateProfileCommand extends Command<User> {
  constructor(
    readonly userId: string,
    readonly changes: { username?: string; email?: string; currentPassword?: string; newPassword?: string },
  ) {
    super();
  }
}
