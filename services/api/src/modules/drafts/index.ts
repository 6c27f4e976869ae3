// The drafts module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js). The auctions module writes to the draft stream and reads the draft read
// model; the projections and the league rebuilder serve the read-model CLIs and tests; the seed sends the commands.
export { DraftsModule } from './drafts.module.js';
export { DraftStream } from './draft-stream.js';
export { DraftCommitHooks, type DraftCommitResult } from './draft-commit-hooks.js';
export { draftNotFound } from './draft.errors.js';
export { assertTeamsFreeWhileOpen } from './draft.guards.js';
export { DraftReadModel } from './draft.read-model.js';
export { LeagueProjections, LeagueProjectionSet, type LeagueProjection } from './league-projections.js';
export { LeagueReadModelsRebuilder } from './league-read-models.rebuilder.js';
export { AssignTeamsCommand } from './commands/assign-teams/assign-teams.command.js';
export { CreateDraftCommand } from './commands/create-draft/create-draft.command.js';
export { draftActivityProjection } from './draft-activity.registration.js';
export { LeagueRebuildFold } from './league.rebuild-fold.js';
