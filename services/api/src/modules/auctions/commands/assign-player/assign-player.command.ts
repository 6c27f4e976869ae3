import { Command } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** Admin correction: a player goes to a team at a cost, outside any auction (POST /players/assign, /drafts/{id}/pick). */
export class AssignPlayerCommand extends Command<Pick> {
  constructor(
    readonly draftId: string,
    readonly playerId: string,
    readonly teamId: string,
    readonly cost: number,
    readonly actor: Actor,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
