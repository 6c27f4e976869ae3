import { EventStoreAndUsers1763780000000 } from './1763780000000-event-store-and-users.js';
import { LeagueReadModels1763780100000 } from './1763780100000-league-read-models.js';
import { Players1763780200000 } from './1763780200000-players.js';
import { TeamNumbersPerDraft1763780500000 } from './1763780500000-team-numbers-per-draft.js';
import { LiveAuction1763780600000 } from './1763780600000-live-auction.js';
import { EventHashChain1763780700000 } from './1763780700000-event-hash-chain.js';
import { CompletedDraftsHaveNoTurn1763781400000 } from './1763781400000-completed-drafts-have-no-turn.js';
import { TeamNameUniqueness1763781401000 } from './1763781401000-team-name-uniqueness.js';
import { AvailabilityPerDraft1763781416000 } from './1763781416000-availability-per-draft.js';
import { KeeperPicks1763781419000 } from './1763781419000-keeper-picks.js';
import { ProjectionsOwnTheirTables1763781422000 } from './1763781422000-projections-own-their-tables.js';
import { AuctionRecentBids1763781430000 } from './1763781430000-auction-recent-bids.js';
import { AuctionRecentBidsFive1763781440000 } from './1763781440000-auction-recent-bids-five.js';
import { TeamNamesComparedUnicodeAware1763781450000 } from './1763781450000-team-names-compared-unicode-aware.js';
import { TeamNamesComparedWithoutIgnorables1763781460000 } from './1763781460000-team-names-compared-without-ignorables.js';
import { TeamCurrentDraftCompletedLast1763781470000 } from './1763781470000-team-current-draft-completed-last.js';

/** Every migration, in order. Listed explicitly (no glob): the build is ESM and a glob would load specs too. */
export const migrations = [
  EventStoreAndUsers1763780000000,
  LeagueReadModels1763780100000,
  Players1763780200000,
  TeamNumbersPerDraft1763780500000,
  LiveAuction1763780600000,
  EventHashChain1763780700000,
  CompletedDraftsHaveNoTurn1763781400000,
  TeamNameUniqueness1763781401000,
  AvailabilityPerDraft1763781416000,
  KeeperPicks1763781419000,
  ProjectionsOwnTheirTables1763781422000,
  AuctionRecentBids1763781430000,
  AuctionRecentBidsFive1763781440000,
  TeamNamesComparedUnicodeAware1763781450000,
  TeamNamesComparedWithoutIgnorables1763781460000,
  TeamCurrentDraftCompletedLast1763781470000,
];
