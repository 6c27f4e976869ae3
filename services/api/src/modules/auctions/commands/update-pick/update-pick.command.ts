import { Command } from '@nestjs/cqrs';
import type { Pick, UpdatePickRequest } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** Admin correction of one pick (player fields, team, cost); budgets and rosters follow from the picks. */
export class UpdatePickCommand extends Command<Pick> {
  constructor(
    readonly draftId: string,
    readonly pickId: string,
    readonly changes: UpdatePickRequest,
    readonly actor: Actor,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
