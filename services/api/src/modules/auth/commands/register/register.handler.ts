import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthData } from '@auction/contracts';
import { TokenService } from '../../../../common/auth/index.js';
import { UsersService, toUserDto } from '../../../users/index.js';
import { toAuthUser } from '../../auth.responses.js';
import { RegisterCommand } from './register.command.js';

/** New accounts are always regular users; admins come from the ADMIN_* bootstrap. */
@CommandHandler(RegisterCommand)
export class RegisterHandler implements ICommandHandler<RegisterCommand> {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
  ) {}

  async execute(command: RegisterCommand): Promise<AuthData> {
    const user = await this.users.createUser({
      username: command.username,
      email: command.email,
      password: command.password,
      role: 'user',
    });
    return { user: toUserDto(user), token: await this.tokens.sign(toAuthUser(user)) };
  }
}
