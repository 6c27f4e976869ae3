import { Command } from '@nestjs/cqrs';
import type { AuthData } from '@auction/contracts';

export class RegisterCommand extends Command<AuthData> {
  constructor(
    readonly username: string,
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
