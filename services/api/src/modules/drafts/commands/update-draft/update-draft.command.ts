import { Command } from '@nestjs/cqrs';
import type { Draft, DraftSettings } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

export class UpdateDraftCommand extends Command<Draft> {
  constructor(
    readonly draftId: string,
    readonly changes: { name?: string; settings?: Partial<DraftSettings> },
    readonly actor: Actor,
  ) {
    super();
  }
}
