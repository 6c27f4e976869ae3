// The teams module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js).
export { TeamsModule } from './teams.module.js';
export { TeamReadModel } from './team.read-model.js';
export { TeamProjection, teamIdOfStream } from './team.projection.js';
export { TeamOwnershipCache } from './team-ownership.cache.js';
export { TeamChanges } from './team-changes.js';
export {
  entryTimes,
  isFresh,
  TEAM_CACHE_SPREAD,
  TEAM_CACHE_TTL_MS,
  UNSUBSCRIBED_TTL_MS,
  type CacheEntryTimes,
  type TeamChange,
  type TeamChangeFeed,
  type TeamChangeListener,
} from './team-change.js';
export { DEFAULT_TEAM_BUDGET } from './team.defaults.js';
export { AssignOwnerCommand } from './commands/assign-owner/assign-owner.command.js';
export { CreateTeamCommand } from './commands/create-team/create-team.command.js';
