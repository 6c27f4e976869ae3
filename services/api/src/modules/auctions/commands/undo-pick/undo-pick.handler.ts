import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DraftStream, assertTeamsFreeWhileOpen } from '../../../drafts/index.js';
import { UndoPickCommand } from './undo-pick.command.js';

@CommandHandler(UndoPickCommand)
export class UndoPickHandler implements ICommandHandler<UndoPickCommand> {
  constructor(@Inject(DraftStream) private readonly drafts: DraftStream) {}

  async execute({ draftId, pickId, actor, at }: UndoPickCommand): Promise<{ pickNumber: number }> {
    const result = await this.drafts.run(
      draftId,
      { type: 'UndoPick', data: { pickId, at } },
      actor,
      (tx, after) => assertTeamsFreeWhileOpen(tx, draftId, after),
    );
    const undone = result.events.find((event) => event.type === 'PickUndone');
    return { pickNumber: undone?.type === 'PickUndone' ? undone.data.pick.pickNumber : 0 };
  }
}
