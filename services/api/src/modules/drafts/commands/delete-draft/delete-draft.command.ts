import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** Any status: a started or completed draft's picks are released and its teams' rosters and budgets reset. */
export class DeleteDraftCommand extends Command<void> {
  constructor(
    readonly draftId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
