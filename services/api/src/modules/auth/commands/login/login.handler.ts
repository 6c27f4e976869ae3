import { UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthData } from '@auction/contracts';
import { TokenService } from '../../../../common/auth/index.js';
import { PasswordHasher, UsersService, toUserDto } from '../../../users/index.js';
import { INVALID_CREDENTIALS, toAuthUser } from '../../auth.responses.js';
import { LoginCommand } from './login.command.js';

@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
  ) {}

  async execute(command: LoginCommand): Promise<AuthData> {
    const user = await this.users.findByEmail(command.email);
    // One message for an unknown email and a wrong password: the answer must not reveal which accounts exist.
    const valid = await this.hasher.verify(user?.passwordHash, command.password);
    if (!user || !valid) throw new UnauthorizedException(INVALID_CREDENTIALS);
    return { user: toUserDto(user), token: await this.tokens.sign(toAuthUser(user)) };
  }
}
