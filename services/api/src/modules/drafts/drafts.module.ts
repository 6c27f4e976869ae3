import { Module } from '@nestjs/common';
import { TeamsModule } from '../teams/index.js';
import { AssignTeamsController } from './commands/assign-teams/assign-teams.controller.js';
import { AssignTeamsHandler } from './commands/assign-teams/assign-teams.handler.js';
import { CreateDraftController } from './commands/create-draft/create-draft.controller.js';
import { CreateDraftHandler } from './commands/create-draft/create-draft.handler.js';
import { DeleteDraftController } from './commands/delete-draft/delete-draft.controller.js';
import { DeleteDraftHandler } from './commands/delete-draft/delete-draft.handler.js';
import { StartDraftController } from './commands/start-draft/start-draft.controller.js';
import { StartDraftHandler } from './commands/start-draft/start-draft.handler.js';
import { UpdateDraftController } from './commands/update-draft/update-draft.controller.js';
import { UpdateDraftHandler } from './commands/update-draft/update-draft.handler.js';
import { DraftActivityRegistration } from './draft-activity.registration.js';
import { DraftCommitHooks } from './draft-commit-hooks.js';
import { DraftStream } from './draft-stream.js';
import { AuctionsProjection } from './auctions.projection.js';
import { DraftTeamsProjection } from './draft-teams.projection.js';
import { DraftProjection } from './draft.projection.js';
import { LeagueProjections } from './league-projections.js';
import { PicksProjection } from './picks.projection.js';
import { DraftReadModel } from './draft.read-model.js';
import { LeagueReadModelsRebuilder } from './league-read-models.rebuilder.js';
import { GetDraftActivityController } from './queries/get-draft-activity/get-draft-activity.controller.js';
import { GetDraftActivityHandler } from './queries/get-draft-activity/get-draft-activity.handler.js';
import { GetDraftStatusController } from './queries/get-draft-status/get-draft-status.controller.js';
import { GetDraftStatusHandler } from './queries/get-draft-status/get-draft-status.handler.js';
import { GetDraftController } from './queries/get-draft/get-draft.controller.js';
import { GetDraftHandler } from './queries/get-draft/get-draft.handler.js';
import { ListDraftsController } from './queries/list-drafts/list-drafts.controller.js';
import { ListDraftsHandler } from './queries/list-drafts/list-drafts.handler.js';

/** Drafts: event-sourced (one stream per draft), projected inline by one projection per read model (LeagueProjections). */
@Module({
  imports: [TeamsModule],
  controllers: [
    ListDraftsController,
    // Before GetDraftController is irrelevant here (different segment counts), but keep static paths first.
    GetDraftStatusController,
    GetDraftActivityController,
    GetDraftController,
    CreateDraftController,
    UpdateDraftController,
    DeleteDraftController,
    AssignTeamsController,
    StartDraftController,
  ],
  providers: [
    DraftActivityRegistration,
    DraftCommitHooks,
    DraftReadModel,
    DraftProjection,
    DraftTeamsProjection,
    PicksProjection,
    AuctionsProjection,
    LeagueProjections,
    DraftStream,
    LeagueReadModelsRebuilder,
    ListDraftsHandler,
    GetDraftHandler,
    GetDraftStatusHandler,
    GetDraftActivityHandler,
    CreateDraftHandler,
    UpdateDraftHandler,
    DeleteDraftHandler,
    AssignTeamsHandler,
    StartDraftHandler,
  ],
  exports: [DraftCommitHooks, DraftReadModel, LeagueProjections, DraftStream, LeagueReadModelsRebuilder],
})
export class DraftsModule {}
