// Public API of @auction/domain: pure deciders and rules, no framework and no I/O.

export {
  DomainError,
  ValidationError,
  NotFoundError,
  ConflictError,
  ForbiddenError,
  type DomainErrorKind,
} from './shared/errors.js';
export type { Command, Event, Decider } from './shared/decider.js';
export { draftStreamId, streamKindOf, teamStreamId } from './shared/stream-ids.js';

export * from './rules/limits.js';
export {
  budgetColour,
  teamBudget,
  maxBid,
  minimumNextBid,
  type BudgetColour,
  type TeamBudget,
} from './rules/budget.js';
export { rosterSize, openRosterSlots } from './rules/roster.js';
export { teamNameKey } from './rules/team-name.js';
export {
  auctionValues,
  startersPerPosition,
  STARTERS_PER_FULL_ROSTER,
  type AuctionValues,
  type AuctionValueSettings,
  type PlayerAuctionValue,
  type SoldPick,
  type ValuedPlayerInput,
} from './rules/auction-values.js';

export {
  DRAFT_STATUSES,
  type DraftStatus,
  type Pick,
  type PickSource,
  type TeamSlot,
  type DraftPlayer,
  type DraftActor,
  type AuctionBid,
  type ProxyBid,
  type Auction,
  type CompletedAuction,
} from './draft/draft.types.js';
export type {
  CreateDraft,
  UpdateDraft,
  AssignTeams,
  StartDraft,
  DeleteDraft,
  NominatePlayer,
  AutoNominate,
  PlaceBid,
  SetProxyBid,
  RemoveProxyBid,
  CompleteAuction,
  PauseDraft,
  ResumeDraft,
  AssignPlayer,
  UpdatePick,
  UndoPick,
  SetNominationQueue,
  AddKeeper,
  RemoveKeeper,
  DraftCommand,
} from './draft/draft.commands.js';
export {
  DRAFT_EVENT_TYPES,
  isDraftEvent,
  type DraftCreated,
  type DraftUpdated,
  type DraftTeamsAssigned,
  type DraftStarted,
  type PlayerNominated,
  type BidPlaced,
  type ProxyBidSet,
  type ProxyBidRemoved,
  type AuctionCompleted,
  type PlayerSold,
  type NominationTurnPassed,
  type PickUpdated,
  type PickUndone,
  type DraftPaused,
  type DraftResumed,
  type DraftCompleted,
  type DraftReopened,
  type DraftDeleted,
  type NominationQueueSet,
  type KeeperAdded,
  type KeeperRemoved,
  type DraftEvent,
} from './draft/draft.events.js';
export {
  auctionOpenedBy,
  initialDraftState,
  evolveDraft,
  foldDraft,
  picksWithout,
  type DraftState,
} from './draft/draft.state.js';
export { decideDraft, draftDecider } from './draft/draft.decider.js';
export { upcastDraftEvent, draftIdOfStream, type StoredDraftEvent } from './draft/draft.upcast.js';
export { legacyPickId } from './draft/legacy-pick-id.js';
// Derived state for the API and the UI (read-only views of a folded draft).
export {
  draftTeamBudget,
  teamStandings,
  isTeamInDraft,
  isPlayerDrafted,
  type DraftTeamBudget,
} from './draft/draft.standings.js';
export { proxyBidOf } from './draft/draft.proxy.js';
export { nominationQueueOf, queuedPlayerIds, requireAssignedTeam } from './draft/draft.queue.js';
export { assertDraftActive, assertDraftExists, requireDraftTeam } from './draft/draft.guards.js';
export { keepersOf } from './draft/draft.keepers.js';
export { nextNominatingTeam, type NominationTurn } from './draft/draft.turn.js';
export { auctionTimeLeftMs, nominationTimeLeftMs } from './draft/draft.clock.js';

export type { CreateTeam, UpdateTeam, AssignOwner, DeleteTeam, TeamCommand } from './team/team.commands.js';
export {
  TEAM_EVENT_TYPES,
  isTeamEvent,
  type TeamCreated,
  type TeamUpdated,
  type TeamOwnerAssigned,
  type TeamDeleted,
  type TeamEvent,
} from './team/team.events.js';
export { initialTeamState, evolveTeam, foldTeam, type TeamState } from './team/team.state.js';
export { decideTeam, teamDecider } from './team/team.decider.js';
