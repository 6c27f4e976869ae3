import { Module } from '@nestjs/common';
import { UsersModule } from '../users/index.js';
import { AssignOwnerController } from './commands/assign-owner/assign-owner.controller.js';
import { AssignOwnerHandler } from './commands/assign-owner/assign-owner.handler.js';
import { CreateTeamController } from './commands/create-team/create-team.controller.js';
import { CreateTeamHandler } from './commands/create-team/create-team.handler.js';
import { DeleteTeamController } from './commands/delete-team/delete-team.controller.js';
import { DeleteTeamHandler } from './commands/delete-team/delete-team.handler.js';
import { UpdateTeamController } from './commands/update-team/update-team.controller.js';
import { UpdateTeamHandler } from './commands/update-team/update-team.handler.js';
import { GetTeamController } from './queries/get-team/get-team.controller.js';
import { GetTeamHandler } from './queries/get-team/get-team.handler.js';
import { ListTeamsController } from './queries/list-teams/list-teams.controller.js';
import { ListTeamsHandler } from './queries/list-teams/list-teams.handler.js';
import { TeamProjection } from './team.projection.js';
import { TeamChanges } from './team-changes.js';
import { TeamLiveNotice } from './team-live-notice.js';
import { TeamOwnershipCache } from './team-ownership.cache.js';
import { TeamReadModel } from './team.read-model.js';

/** Fantasy teams: event-sourced (one stream per team), read from the `teams` read model. */
@Module({
  imports: [UsersModule],
  controllers: [
    ListTeamsController,
    GetTeamController,
    CreateTeamController,
    UpdateTeamController,
    DeleteTeamController,
    AssignOwnerController,
  ],
  providers: [
    TeamReadModel,
    TeamProjection,
    ListTeamsHandler,
    GetTeamHandler,
    CreateTeamHandler,
    UpdateTeamHandler,
    DeleteTeamHandler,
    AssignOwnerHandler,
    TeamChanges,
    TeamLiveNotice,
    TeamOwnershipCache,
  ],
  exports: [TeamReadModel, TeamProjection, TeamChanges, TeamOwnershipCache],
})
export class TeamsModule {}
