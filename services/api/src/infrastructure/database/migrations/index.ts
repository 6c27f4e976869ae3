import { EventStoreAndUsers1763780000000 } from './1763780000000-event-store-and-users.js';
import { LeagueReadModels1763780100000 } from './1763780100000-league-read-models.js';

/** Every migration, in order. Listed explicitly (no glob): the build is ESM and a glob would load specs too. */
export const migrations = [EventStoreAndUsers1763780000000, LeagueReadModels1763780100000];
