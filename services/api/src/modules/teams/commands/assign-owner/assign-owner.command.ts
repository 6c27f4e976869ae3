import { Command } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** Makes `userId` the team's owner (replacing any previous owner); a user owns at most one team. */
export class AssignOwnerCommand extends Command<Team> {
  constructor(
    readonly teamId: string,
    readonly userId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
