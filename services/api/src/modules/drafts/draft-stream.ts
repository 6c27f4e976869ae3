import { Inject, Injectable } from '@nestjs/common';
import {
  draftDecider,
  draftStreamId,
  type DraftCommand,
  type DraftEvent,
  type DraftState,
} from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { Actor } from '../../infrastructure/event-sourcing/actor.js';
import {
  StreamCommandRunner,
  type RunResult,
} from '../../infrastructure/event-sourcing/stream-command-runner.js';
import { DraftCommitHooks } from './draft-commit-hooks.js';
import { LeagueProjections } from './league-projections.js';

/**
 * Runs a command on one draft's stream with the draft decider and the league's inline projections, then the commit hooks
 * (live events in log order, timers).
 */
/** A command built from the draft's state at decision time (again on every retry), and its kind (RunOptions.kind). */
export interface DraftCommandBuilder {
  kind: DraftCommand['type'];
  build: (state: DraftState) => DraftCommand | Promise<DraftCommand>;
}

@Injectable()
export class DraftStream {
  constructor(
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
    @Inject(LeagueProjections) private readonly projections: LeagueProjections,
    @Inject(DraftCommitHooks) private readonly hooks: DraftCommitHooks,
  ) {}

  async run(
    draftId: string,
    command: DraftCommand | DraftCommandBuilder,
    actor: Actor,
    /** Checks inside the append's transaction, before the projection writes (see draft.guards.ts). */
    guard?: (tx: SqlClient, state: DraftState) => Promise<void>,
  ): Promise<RunResult<DraftEvent, DraftState>> {
    const result = await this.runner.run({
      streamId: draftStreamId(draftId),
      decider: draftDecider,
      command: 'build' in command ? command.build : command,
      kind: 'build' in command ? command.kind : command.type,
      actor,
      project: async (tx, { recorded, after }) => {
        await guard?.(tx, after);
        await this.projections.apply(recorded, tx);
      },
      // A guard needs the transaction; a bid (most of the log) is one statement (ADR 0020).
      projectInStatement: guard
        ? undefined
        : ({ events, version }) => this.projections.inStatement(draftStreamId(draftId), events, version),
      afterCommit: (committed) => this.hooks.inOrder(draftId, committed),
    });
    if (result.events.length > 0 && !result.alreadyProcessed) await this.hooks.afterwards(draftId, result);
    return result;
  }

  /** The draft's folded state (cached, topped up with newer events): the open auction and its clocks. */
  read(draftId: string): Promise<{ state: DraftState; version: number }> {
    return this.runner.read(draftStreamId(draftId), draftDecider);
  }

  /** The draft's folded state at `version` or later, without a read when the cached state is that recent. */
  readAtLeast(draftId: string, version: number): Promise<{ state: DraftState; version: number }> {
    return this.runner.readAtLeast(draftStreamId(draftId), draftDecider, version);
  }
}
