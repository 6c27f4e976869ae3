import { Module } from '@nestjs/common';
import { TeamsModule } from '../teams/index.js';
import { UpdateProjectionsController } from './commands/update-projections/update-projections.controller.js';
import { UpdateProjectionsHandler } from './commands/update-projections/update-projections.handler.js';
import { DraftAuctionValues } from './draft-auction-values.js';
import { GetDraftValuesController } from './queries/get-draft-values/get-draft-values.controller.js';
import { GetDraftValuesHandler } from './queries/get-draft-values/get-draft-values.handler.js';
import { PlayerDraftScope } from './player-draft-scope.js';
import { PlayerEventsPublisher } from './player-events.publisher.js';
import { PlayerReadModel } from './player.read-model.js';
import { PlayerSearchPool } from './player-search.pool.js';
import { GetPlayerByProviderIdController } from './queries/get-player-by-provider-id/get-player-by-provider-id.controller.js';
import { GetPlayerByProviderIdHandler } from './queries/get-player-by-provider-id/get-player-by-provider-id.handler.js';
import { GetPlayerStatsController } from './queries/get-player-stats/get-player-stats.controller.js';
import { GetPlayerStatsHandler } from './queries/get-player-stats/get-player-stats.handler.js';
import { GetPlayerController } from './queries/get-player/get-player.controller.js';
import { GetPlayerHandler } from './queries/get-player/get-player.handler.js';
import { ListPlayersByPositionController } from './queries/list-players-by-position/list-players-by-position.controller.js';
import { ListPlayersController } from './queries/list-players/list-players.controller.js';
import { ListPlayersHandler } from './queries/list-players/list-players.handler.js';
import { ListTeamPlayersController } from './queries/list-team-players/list-team-players.controller.js';
import { ListTeamPlayersHandler } from './queries/list-team-players/list-team-players.handler.js';
import { SearchPlayersController } from './queries/search-players/search-players.controller.js';
import { SearchPlayersHandler } from './queries/search-players/search-players.handler.js';

/**
 * Reads of the player catalogue (search, listings, single players, stats) and the admin's projection edits. The
 * catalogue itself is written by PlayerSyncModule; whether a player is drafted is read per draft from its picks.
 */
@Module({
  imports: [TeamsModule],
  // Express matches routes in registration order (this list's order): the fixed paths (search, stats/summary,
  // position/…, team/…) must come before `:id` and `:provider/:providerId`, which would take them too.
  controllers: [
    SearchPlayersController,
    GetPlayerStatsController,
    ListPlayersByPositionController,
    ListTeamPlayersController,
    ListPlayersController,
    GetPlayerController,
    GetPlayerByProviderIdController,
    UpdateProjectionsController,
    GetDraftValuesController,
  ],
  providers: [
    PlayerSearchPool,
    PlayerReadModel,
    PlayerDraftScope,
    DraftAuctionValues,
    PlayerEventsPublisher,
    SearchPlayersHandler,
    ListPlayersHandler,
    GetPlayerHandler,
    GetPlayerByProviderIdHandler,
    ListTeamPlayersHandler,
    GetPlayerStatsHandler,
    UpdateProjectionsHandler,
    GetDraftValuesHandler,
  ],
  exports: [PlayerReadModel, PlayerDraftScope, PlayerEventsPublisher],
})
export class PlayersModule {}
