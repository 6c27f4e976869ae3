import { Injectable, Logger } from '@nestjs/common';
import type { DraftEvent, DraftState } from '@auction/domain';
import type { RunResult } from '../../infrastructure/event-sourcing/stream-command-runner.js';

export type DraftCommitResult = RunResult<DraftEvent, DraftState>;

export interface DraftCommitHook {
  readonly name: string;
  /** In the draft stream's turn, right after the commit: keep it quick (socket fan-out). */
  inOrder?(draftId: string, result: DraftCommitResult): void | Promise<void>;
  /** After the stream's turn (timers): may wait on Redis without holding up the next command. */
  afterwards?(draftId: string, result: DraftCommitResult): Promise<void>;
}

/**
 * What must happen after every committed draft command, whichever handler ran it: live events and timers
 * (registered by the auctions module, which the drafts module must not import). A failing hook is logged and
 * never fails the command, whose events are already durable.
 */
@Injectable()
export class DraftCommitHooks {
  private readonly logger = new Logger(DraftCommitHooks.name);
  private readonly hooks: DraftCommitHook[] = [];

  register(hook: DraftCommitHook): void {
    this.hooks.push(hook);
  }

  async inOrder(draftId: string, result: DraftCommitResult): Promise<void> {
    for (const hook of this.hooks) {
      if (!hook.inOrder) continue;
      try {
        await hook.inOrder(draftId, result);
      } catch (error) {
        this.logger.warn(`${hook.name} failed for draft ${draftId}: ${(error as Error).message}`);
      }
    }
  }

  async afterwards(draftId: string, result: DraftCommitResult): Promise<void> {
    await Promise.all(
      this.hooks.map(async (hook) => {
        try {
          await hook.afterwards?.(draftId, result);
        } catch (error) {
          this.logger.warn(`${hook.name} failed for draft ${draftId}: ${(error as Error).message}`);
        }
      }),
    );
  }
}
