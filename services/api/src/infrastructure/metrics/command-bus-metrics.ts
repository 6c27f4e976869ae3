import { performance } from 'node:perf_hooks';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus, type ICommand } from '@nestjs/cqrs';
import { ApiMetrics } from './api-metrics.js';
import { commandOutcome, commandTypeOf } from './command-outcome.js';

/**
 * Counts and times every command in the one place all of them pass: CommandBus.execute (REST controllers, the
 * socket gateway, draft timers and the seed all go through it). @nestjs/cqrs has no execution hook (its command
 * publisher sees a command before it runs, not its outcome), so this wraps `execute` on the app's bus instance.
 */
@Injectable()
export class CommandBusMetrics implements OnModuleInit {
  constructor(
    @Inject(CommandBus) private readonly bus: CommandBus,
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
  ) {}

  onModuleInit(): void {
    const execute = this.bus.execute.bind(this.bus) as (
      command: ICommand,
      context?: unknown,
    ) => Promise<unknown>;
    const metered = async (command: ICommand, context?: unknown): Promise<unknown> => {
      const type = commandTypeOf(command);
      const startedAt = performance.now();
      try {
        const result = await execute(command, context);
        this.metrics.observeCommand(type, commandOutcome(), (performance.now() - startedAt) / 1000);
        return result;
      } catch (error) {
        this.metrics.observeCommand(type, commandOutcome(error), (performance.now() - startedAt) / 1000);
        throw error;
      }
    };
    this.bus.execute = metered as CommandBus['execute'];
  }
}
