import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../../infrastructure/event-sourcing/actor.js';

/** Admin correction: takes one pick back (refund, player free); every other pick stays, later ones move up. */
export class UndoPickCommand extends Command<{ pickNumber: number }> {
  constructor(
    readonly draftId: string,
    readonly pickId: string,
    readonly actor: Actor,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
