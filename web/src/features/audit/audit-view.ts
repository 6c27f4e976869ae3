import type { AuditEvent, ReplayData, TeamRef, VerifyData } from '@auction/contracts';

type Data = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const pickOf = (data: Data): Data | null =>
  data['pick'] && typeof data['pick'] === 'object' ? (data['pick'] as Data) : null;

/** Every team an event is about (bidder, nominator, winner, pick owner, assigned teams, turn). */
export function eventTeamIds(event: AuditEvent): string[] {
  const data = event.data;
  const ids = [
    str(data['teamId']),
    str(data['nominatedBy']),
    str(data['winnerTeamId']),
    str(data['currentTeamTurn']),
    str(pickOf(data)?.['teamId']),
    ...(Array.isArray(data['teamIds']) ? data['teamIds'] : []).map(str),
  ];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** The event types present, in order of first appearance. */
export function eventTypesOf(events: readonly AuditEvent[]): string[] {
  return [...new Set(events.map((event) => event.type))];
}

export interface TimelineFilter {
  type: string;
  teamId: string;
}

export const ALL = '';

export function filterEvents(events: readonly AuditEvent[], { type, teamId }: TimelineFilter): AuditEvent[] {
  return events.filter(
    (event) =>
      (type === ALL || event.type === type) && (teamId === ALL || eventTeamIds(event).includes(teamId)),
  );
}

/** One line about the event: who did what for how much. */
export function describeEvent(event: AuditEvent, teamName: (id: string) => string): string {
  const data = event.data;
  const team = (id: unknown) => (typeof id === 'string' ? teamName(id) : 'a team');
  const pick = pickOf(data);
  switch (event.type) {
    case 'PlayerNominated':
      return `${team(data['nominatedBy'])} nominated ${str(data['playerName']) ?? 'a player'} for $${num(data['openingBid']) ?? '?'}`;
    case 'BidPlaced':
      return `${team(data['teamId'])} bid $${num(data['amount']) ?? '?'}`;
    case 'AuctionCompleted':
      return `Won by ${team(data['winnerTeamId'])} for $${num(data['winningBid']) ?? '?'}`;
    case 'PlayerSold':
      return `Pick #${num(pick?.['pickNumber']) ?? '?'}: ${str(pick?.['playerName']) ?? 'a player'} to ${team(pick?.['teamId'])} for $${num(pick?.['cost']) ?? '?'}`;
    case 'PickUpdated':
      return `Pick #${num(pick?.['pickNumber']) ?? '?'} corrected: ${str(pick?.['playerName']) ?? 'a player'}, ${team(pick?.['teamId'])}, $${num(pick?.['cost']) ?? '?'}`;
    case 'PickUndone':
      return `Pick #${num(pick?.['pickNumber']) ?? '?'} undone: ${str(pick?.['playerName']) ?? 'a player'}`;
    case 'NominationTurnPassed':
      return `${team(data['currentTeamTurn'])} to nominate (round ${num(data['currentRound']) ?? '?'})`;
    case 'DraftTeamsAssigned':
      return `${Array.isArray(data['teamIds']) ? data['teamIds'].length : 0} teams assigned`;
    default:
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

/** Team names by id, from a replay (current names) — "Unknown team" for ids it does not know. */
export function teamNamer(teams: readonly TeamRef[]): (id: string) => string {
  const names = new Map(teams.map((team) => [team._id, team.name]));
  return (id) => names.get(id) ?? 'Unknown team';
}

export interface SpendRow {
  name: string;
  spent: number;
}

export function spendByTeam(replay: Pick<ReplayData, 'teams'>): SpendRow[] {
  return replay.teams.map((entry) => ({ name: entry.team.name, spent: entry.budget.spent }));
}

export function spendByPosition(replay: Pick<ReplayData, 'teams'>): SpendRow[] {
  const totals = new Map<string, number>();
  for (const entry of replay.teams) {
    for (const pick of entry.roster) totals.set(pick.position, (totals.get(pick.position) ?? 0) + pick.cost);
  }
  return [...totals].map(([name, spent]) => ({ name, spent })).sort((a, b) => b.spent - a.spent);
}

/** The badge's text: "Chain verified · 42 events" or "Tampered at event #7". */
export function verifyText(verify: VerifyData): string {
  if (verify.ok) return `Chain verified · ${verify.events} events`;
  return `Tampered at event #${verify.brokenAt?.streamVersion ?? '?'}`;
}
