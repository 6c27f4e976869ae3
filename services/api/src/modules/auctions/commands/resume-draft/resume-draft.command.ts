import { Command } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

export class ResumeDraftCommand extends Command<Draft> {
  constructor(
    readonly draftId: string,
    readonly actor: Actor,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
