import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import { NotFoundError, teamDecider, teamStreamId, type TeamCommand, type TeamState } from '@auction/domain';
import { StreamCommandRunner } from '../../../../infrastructure/event-sourcing/stream-command-runner.js';
import { upcastRecords } from '../../../../infrastructure/event-sourcing/upcast-records.js';
import { teamNumberTaken } from '../../team.errors.js';
import { assertTeamNameFree, assertTeamNumberFree, lockTeamsSharingOpenDraft } from '../../team.guards.js';
import { refuseNameTakenMeanwhile } from '../../team-name-taken.js';
import { teamChangeOf } from '../../team-change.js';
import { TeamChanges } from '../../team-changes.js';
import { TeamProjection } from '../../team.projection.js';
import { TeamReadModel } from '../../team.read-model.js';
import { UpdateTeamCommand } from './update-team.command.js';

@CommandHandler(UpdateTeamCommand)
export class UpdateTeamHandler implements ICommandHandler<UpdateTeamCommand> {
  constructor(
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(TeamProjection) private readonly projection: TeamProjection,
    @Inject(TeamChanges) private readonly changes: TeamChanges,
  ) {}

  async execute({ teamId, changes, actor }: UpdateTeamCommand): Promise<Team> {
    const { teamNumber } = changes;
    try {
      await this.runner.run({
        streamId: teamStreamId(teamId),
        decider: teamDecider,
        kind: 'UpdateTeam',
        command: async (state: TeamState): Promise<TeamCommand> => {
          // Only a live team's new number is worth checking; the decider answers 'Team not found' otherwise. Numbers
          // are unique within a draft: a clash inside a draft the team is waiting in would stop that draft starting.
          if (state.exists && !state.deleted && teamNumber !== undefined && teamNumber !== state.teamNumber) {
            const clash = await this.teams.numberTakenInOpenDraftOf(teamId, teamNumber);
            if (clash) throw teamNumberTaken(teamNumber, clash.teamName, clash.draftName);
          }
          return { type: 'UpdateTeam', data: changes };
        },
        actor,
        project: async (tx, { recorded, events }) => {
          const renumbered = events.some(
            (event) => event.type === 'TeamUpdated' && event.data.teamNumber !== undefined,
          );
          if (renumbered) await lockTeamsSharingOpenDraft(tx, teamId);
          await this.projection.apply(upcastRecords(recorded), tx);
          if (renumbered) await assertTeamNumberFree(tx, teamId);
          // Names are unique among live teams (docs/adr/0013); only a rename is judged, so a team that shares its
          // name from before the rule can still change its number.
          if (events.some((event) => event.type === 'TeamUpdated' && event.data.name !== undefined)) {
            await assertTeamNameFree(tx, teamId);
          }
        },
        // Live payloads name teams from a cache: the new name or number shows at once, on any instance.
        afterCommit: ({ events, state }) => this.changes.announce(teamChangeOf(teamId, events, state)),
      });
    } catch (error) {
      if (changes.name !== undefined) await refuseNameTakenMeanwhile(error, this.teams, changes.name, teamId);
      throw error;
    }
    const team = await this.teams.findById(teamId);
    if (!team) throw new NotFoundError('Team not found');
    return team;
  }
}
