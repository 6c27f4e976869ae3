// Fixtures for the auction part of the draft stream: a started three-team draft with small rosters and budgets,
// times counted in seconds from the start, and builders for the auction's commands and events.
import type {
  AssignPlayer,
  AutoNominate,
  CompleteAuction,
  DraftCommand,
  NominatePlayer,
  PlaceBid,
  UpdatePick,
} from '../draft/draft.commands.js';
import { decideDraft } from '../draft/draft.decider.js';
import type { BidPlaced, DraftEvent, DraftStarted, PlayerNominated } from '../draft/draft.events.js';
import { evolveDraft, foldDraft } from '../draft/draft.state.js';
import type { DraftActor, DraftPlayer, TeamSlot } from '../draft/draft.types.js';
import { DEFAULT_DRAFT_SETTINGS, type DraftSettings } from '../rules/limits.js';
import { ALPHA, BRAVO, CHARLIE, STARTED_AT, draftCreated, teamsAssigned } from './draft.fixtures.js';

export { ALPHA, BRAVO, CHARLIE };
/** Turn order is by team number: BRAVO (1), ALPHA (3), CHARLIE (7). */
export const [B, A, C] = [BRAVO.teamId, ALPHA.teamId, CHARLIE.teamId] as const;

/** Distinct clock lengths, so a test shows which one a deadline came from. */
export const SETTINGS: DraftSettings = {
  ...DEFAULT_DRAFT_SETTINGS,
  teamsCount: 3,
  playersPerTeam: 3,
  budgetPerTeam: 10,
  auctionTimeLimit: 30,
  bidTimeReset: 10,
  nominationTimeLimit: 20,
};

const START_MS = Date.parse(STARTED_AT);
/** The ISO time `seconds` (fractions allowed) after the draft started. */
export const at = (seconds: number): string => new Date(START_MS + Math.round(seconds * 1000)).toISOString();

export const owner = (...teamIds: string[]): DraftActor => ({ isAdmin: false, teamIds });
export const ADMIN: DraftActor = { isAdmin: true, teamIds: [] };

export const player = (n: number): DraftPlayer => ({
  playerId: `player-${n}`,
  playerName: `Player ${n}`,
  position: 'WR',
  nflTeam: 'BUF',
  projectedPoints: 100 + n,
});

export function startedEvents(
  settings: DraftSettings = SETTINGS,
  teams: TeamSlot[] = [ALPHA, BRAVO, CHARLIE],
) {
  const teamOrder = [...teams].sort((a, b) => a.teamNumber - b.teamNumber).map((t) => t.teamId);
  const started: DraftStarted = {
    type: 'DraftStarted',
    data: {
      teamOrder,
      currentTeamTurn: teamOrder[0]!,
      currentRound: 1,
      startedAt: STARTED_AT,
      teamsCount: teamOrder.length,
      nominationDeadline: at(settings.nominationTimeLimit),
    },
  };
  return [draftCreated({ settings }), teamsAssigned(...teams), started] satisfies DraftEvent[];
}

type NominationArgs = {
  auctionId?: string;
  teamId?: string;
  n?: number;
  openingBid?: number;
  seconds?: number;
  actor?: DraftActor;
};

export const nominate = ({
  auctionId = 'auction-1',
  teamId = B,
  n = 1,
  openingBid = 1,
  seconds = 5,
  actor = owner(teamId),
}: NominationArgs = {}): NominatePlayer => ({
  type: 'NominatePlayer',
  data: { auctionId, teamId, player: player(n), openingBid, actor, at: at(seconds) },
});

/** What `nominate` decides with the default SETTINGS (30 s auctions). */
export const nominated = ({
  auctionId = 'auction-1',
  teamId = B,
  n = 1,
  openingBid = 1,
  seconds = 5,
  auto = false,
}: Omit<NominationArgs, 'actor'> & { auto?: boolean } = {}): PlayerNominated => ({
  type: 'PlayerNominated',
  data: {
    ...player(n),
    auctionId,
    nominatedBy: teamId,
    openingBid,
    nominatedAt: at(seconds),
    deadline: at(seconds + 30),
    timeLimit: 30,
    auto,
  },
});

export const autoNominate = (seconds: number, n = 1, auctionId = 'auction-1'): AutoNominate => ({
  type: 'AutoNominate',
  data: { auctionId, player: player(n), at: at(seconds) },
});

export const placeBid = (
  teamId: string,
  amount: number,
  seconds: number,
  { auctionId = 'auction-1', actor = owner(teamId) }: { auctionId?: string; actor?: DraftActor } = {},
): PlaceBid => ({ type: 'PlaceBid', data: { auctionId, teamId, amount, actor, at: at(seconds) } });

export const bidPlaced = (
  teamId: string,
  amount: number,
  seconds: number,
  deadlineSeconds: number,
  auctionId = 'auction-1',
): BidPlaced => ({
  type: 'BidPlaced',
  data: { auctionId, teamId, amount, at: at(seconds), deadline: at(deadlineSeconds) },
});

export const complete = (seconds: number, auctionId = 'auction-1', pickId = 'pick-1'): CompleteAuction => ({
  type: 'CompleteAuction',
  data: { auctionId, pickId, at: at(seconds) },
});

export const pause = (seconds: number): DraftCommand => ({ type: 'PauseDraft', data: { at: at(seconds) } });
export const resume = (seconds: number): DraftCommand => ({ type: 'ResumeDraft', data: { at: at(seconds) } });

export const assignPlayer = (
  teamId: string,
  n: number,
  cost: number,
  seconds: number,
  pickId = `pick-${n}`,
): AssignPlayer => ({
  type: 'AssignPlayer',
  data: { pickId, teamId, player: player(n), cost, at: at(seconds) },
});

export const updatePick = (
  pickId: string,
  changes: UpdatePick['data']['changes'],
  seconds: number,
  expectedPickNumber?: number,
): UpdatePick => ({
  type: 'UpdatePick',
  data: { pickId, changes, at: at(seconds), ...(expectedPickNumber !== undefined && { expectedPickNumber }) },
});

export const undoPick = (pickId: string, seconds: number): DraftCommand => ({
  type: 'UndoPick',
  data: { pickId, at: at(seconds) },
});

/** Decides each command on the state the previous ones led to and returns the whole history. */
export function play(given: DraftEvent[], ...commands: DraftCommand[]): DraftEvent[] {
  const events = [...given];
  let state = foldDraft(events);
  for (const command of commands) {
    const produced = decideDraft(command, state);
    state = produced.reduce(evolveDraft, state);
    events.push(...produced);
  }
  return events;
}

/** An uncontested auction: the team on the clock nominates player `n` for `cost` and wins it. */
export function sell(n: number, cost: number, seconds: number, teamId: string): DraftCommand[] {
  const auctionId = `auction-${n}`;
  return [
    nominate({ auctionId, teamId, n, openingBid: cost, seconds }),
    complete(seconds + 30, auctionId, `pick-${n}`),
  ];
}
