import { Command } from '@nestjs/cqrs';
import type { Draft, DraftSettings } from '@auction/contracts';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

export class CreateDraftCommand extends Command<Draft> {
  constructor(
    readonly name: string,
    /**
     * Missing settings take the defaults (12 teams, 20 players, $260, auction): docs/product.md §3.3 (Draft and its
     * settings).
     */
    readonly settings: Partial<DraftSettings> | undefined,
    readonly actor: Actor,
  ) {
    super();
  }
}
