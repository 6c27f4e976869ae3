import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import { NotFoundError, teamDecider, teamStreamId, type TeamCommand, type TeamState } from '@auction/domain';
import { isUniqueViolation } from '../../../../infrastructure/event-sourcing/pg-errors.js';
import { StreamCommandRunner } from '../../../../infrastructure/event-sourcing/stream-command-runner.js';
import { upcastRecords } from '../../../../infrastructure/event-sourcing/upcast-records.js';
import { UsersService } from '../../../users/index.js';
import { userAlreadyOwnsTeam } from '../../team.errors.js';
import { teamChangeOf } from '../../team-change.js';
import { TeamChanges } from '../../team-changes.js';
import { TeamProjection } from '../../team.projection.js';
import { TeamReadModel } from '../../team.read-model.js';
import { AssignOwnerCommand } from './assign-owner.command.js';

@CommandHandler(AssignOwnerCommand)
export class AssignOwnerHandler implements ICommandHandler<AssignOwnerCommand> {
  constructor(
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(TeamProjection) private readonly projection: TeamProjection,
    @Inject(TeamChanges) private readonly changes: TeamChanges,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  async execute({ teamId, userId, actor }: AssignOwnerCommand): Promise<Team> {
    let username = '';
    try {
      await this.runner.run({
        streamId: teamStreamId(teamId),
        decider: teamDecider,
        kind: 'AssignOwner',
        command: async (state: TeamState): Promise<TeamCommand> => {
          // A missing team is reported before a missing user: the decider answers 'Team not found'.
          if (state.exists && !state.deleted) username = await this.ownerUsername(teamId, userId);
          return { type: 'AssignOwner', data: { userId, username } };
        },
        actor,
        project: (tx, { recorded }) => this.projection.apply(upcastRecords(recorded), tx),
        // Bids and nominations check ownership through a cache: the new owner may bid at once, on any instance.
        afterCommit: ({ events, state }) => this.changes.announce(teamChangeOf(teamId, events, state)),
      });
    } catch (error) {
      // Two teams were given one owner at the same moment: the partial unique index kept only one.
      if (isUniqueViolation(error, 'teams_owner_unique')) await this.ownerUsername(teamId, userId);
      throw error;
    }
    const team = await this.teams.findById(teamId);
    if (!team) throw new NotFoundError('Team not found');
    return team;
  }

  /** The user's name, after checking the user exists and owns no other team. */
  private async ownerUsername(teamId: string, userId: string): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('User not found');
    const owned = await this.teams.findOwnedBy(userId);
    if (owned && owned.id !== teamId) throw userAlreadyOwnsTeam(user.username, owned.name);
    return user.username;
  }
}
