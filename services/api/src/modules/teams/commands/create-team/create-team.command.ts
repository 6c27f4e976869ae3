import { Command } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

export class CreateTeamCommand extends Command<Team> {
  constructor(
    readonly name: string,
    readonly teamNumber: number,
    readonly actor: Actor,
  ) {
    super();
  }
}
