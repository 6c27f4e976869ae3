import { Command } from '@nestjs/cqrs';

/** From the nomination timer: the team on the clock let it run out. */
export class AutoNominateCommand extends Command<void> {
  constructor(
    readonly draftId: string,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
