// The players module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js). The search pieces serve the search benchmark (npm run bench:search),
// which measures the very statements and pool the endpoint uses.
export { PlayersModule } from './players.module.js';
export { normaliseAsciiSearchText } from './player-search-text.js';
export { explainCachedPlan } from './player-search.explain.js';
export { PlayerSearchPool } from './player-search.pool.js';
export { playerSearchStatement } from './player-search.sql.js';
export { SearchPlayersQuery } from './queries/search-players/search-players.query.js';
