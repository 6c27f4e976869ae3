import { Command } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** Replaces the draft's teams; only while the draft is created. */
export class AssignTeamsCommand extends Command<Draft> {
  constructor(
    readonly draftId: string,
    readonly teamIds: readonly string[],
    readonly actor: Actor,
  ) {
    super();
  }
}
