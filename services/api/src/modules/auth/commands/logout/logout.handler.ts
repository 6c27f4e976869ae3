import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TokenService } from '../../../../common/auth/index.js';
import { RealtimePublisher } from '../../../../gateway/index.js';
import { LogoutCommand } from './logout.command.js';

/**
 * Revokes the presented token until its expiry (a row in revoked_tokens, checked on every request), then disconnects
 * the sockets signed in with it: a socket checks its token once, when it authenticates.
 */
@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(
    private readonly tokens: TokenService,
    private readonly realtime: RealtimePublisher,
  ) {}

  async execute(command: LogoutCommand): Promise<void> {
    await this.tokens.revoke(command.token);
    this.realtime.disconnectToken(command.token.jti);
  }
}
