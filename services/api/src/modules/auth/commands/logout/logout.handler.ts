import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TokenService } from '../../../../common/auth/index.js';
import { LogoutCommand } from './logout.command.js';

/** Revokes the presented token until its expiry (a row in revoked_tokens, checked on every request). */
@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(private readonly tokens: TokenService) {}

  async execute(command: LogoutCommand): Promise<void> {
    await this.tokens.revoke(command.token);
  }
}
