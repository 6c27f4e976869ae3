import { Command } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

export class UpdateTeamCommand extends Command<Team> {
  constructor(
    readonly teamId: string,
    readonly changes: { name?: string; teamNumber?: number },
    readonly actor: Actor,
  ) {
    super();
  }
}
