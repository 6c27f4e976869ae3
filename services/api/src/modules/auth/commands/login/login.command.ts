import { Command } from '@nestjs/cqrs';
import type { AuthData } from '@auction/contracts';

export class LoginCommand extends Command<AuthData> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
