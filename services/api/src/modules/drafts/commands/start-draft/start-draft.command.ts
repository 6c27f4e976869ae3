import { Command } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** created → active, with the assigned teams in team-number order as the nomination order. */
export class StartDraftCommand extends Command<Draft> {
  constructor(
    readonly draftId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
