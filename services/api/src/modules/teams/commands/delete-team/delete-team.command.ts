import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

export class DeleteTeamCommand extends Command<void> {
  constructor(
    readonly teamId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
