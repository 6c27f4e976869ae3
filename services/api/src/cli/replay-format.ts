import type { ReplayData } from '@auction/contracts';
import { type DraftLogEvent, teamRefOf, type TeamRefs } from '../modules/audit/index.js';

// C0 and C1 controls but the newline, DEL, and the bidirectional overrides and isolates (as the names' own rule).
const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with every control character but the newline written as its escape (`\u001b`): the timeline prints names
 * and players from the log, and a name stored before names refused control characters, or a player name from the
 * provider, must not move the operator's cursor, recolour the terminal or reorder the line it is on.
 */
export function printableOnTerminal(text: string): string {
  return text.replace(TERMINAL_CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `HH:MM:SS.mmm` in UTC (the log's clock; the header says so). */
export function timeOfDay(at: Date): string {
  return at.toISOString().slice(11, 23);
}

const money = (amount: unknown) => `$${String(amount)}`;

type Data = Record<string, unknown>;
type PickData = { pickNumber: number; playerName: string; teamId: string; cost: number };

/** What an event says, in words, with team names and amounts. */
export function describeEvent(event: DraftLogEvent, refs: TeamRefs): string {
  const d: Data = event.data;
  const team = (id: unknown) => teamRefOf(refs, String(id)).name;
  const pick = (p: PickData) => `#${p.pickNumber} ${p.playerName} ${team(p.teamId)} ${money(p.cost)}`;
  switch (event.type) {
    case 'DraftCreated':
      return `"${String(d['name'])}"`;
    case 'DraftTeamsAssigned':
      return (d['teamIds'] as string[]).map(team).join(', ');
    case 'DraftStarted':
    case 'NominationTurnPassed':
    case 'DraftReopened':
      return `round ${String(d['currentRound'])}, ${team(d['currentTeamTurn'])} to nominate`;
    case 'PlayerNominated':
      return `${team(d['nominatedBy'])} ${String(d['playerName'])} (${String(d['position'])} ${String(d['nflTeam'])}) ${money(d['openingBid'])}${d['auto'] ? ' (auto)' : ''}`;
    case 'BidPlaced':
      return `${team(d['teamId'])} ${money(d['amount'])}${d['proxy'] === true ? ' (proxy)' : ''}`;
    // The replay CLI is an operator's tool (ADR 0011): it shows maxima, as the admins' audit does.
    case 'ProxyBidSet':
      return `${team(d['teamId'])} maximum ${money(d['maxBid'])}`;
    case 'ProxyBidRemoved':
      return `${team(d['teamId'])} maximum removed`;
    case 'AuctionCompleted':
      return `${team(d['winnerTeamId'])} wins at ${money(d['winningBid'])}`;
    case 'PlayerSold':
      return pick(d['pick'] as PickData);
    case 'PickUpdated':
      return `${pick(d['previous'] as PickData)} -> ${pick(d['pick'] as PickData)}`;
    case 'PickUndone':
      return `${pick(d['pick'] as PickData)} taken back`;
    case 'KeeperAdded':
      return `${pick(d['pick'] as PickData)} (keeper)`;
    case 'KeeperRemoved':
      return `${pick(d['pick'] as PickData)} keeper removed`;
    case 'NominationQueueSet':
      return `${team(d['teamId'])} queue of ${(d['playerIds'] as string[]).length}`;
    default:
      return '';
  }
}

function actorName(event: DraftLogEvent): string {
  const { actorUsername } = event.metadata;
  return typeof actorUsername === 'string' ? actorUsername : 'system';
}

/** One line per event: time, actor, event type, what it says. Columns padded to the widest value. */
export function formatTimeline(events: readonly DraftLogEvent[], refs: TeamRefs): string[] {
  const actorWidth = Math.max(6, ...events.map((event) => actorName(event).length));
  const typeWidth = Math.max(...events.map((event) => event.type.length));
  return events.map((event) =>
    [
      timeOfDay(event.recordedAt),
      String(event.streamVersion).padStart(5),
      actorName(event).padEnd(actorWidth),
      event.type.padEnd(typeWidth),
      describeEvent(event, refs),
    ]
      .join('  ')
      .trimEnd(),
  );
}

/** Team, spent, remaining, players: one line per team in turn order. */
export function formatStandings(replay: ReplayData): string[] {
  const nameWidth = Math.max(4, ...replay.teams.map((entry) => entry.team.name.length));
  const header = `${'Team'.padEnd(nameWidth)}  ${'Spent'.padStart(6)}  ${'Left'.padStart(6)}  Players`;
  const rows = replay.teams.map(
    ({ team, budget, slots }) =>
      `${team.name.padEnd(nameWidth)}  ${money(budget.spent).padStart(6)}  ${money(budget.remaining).padStart(6)}  ${slots.filled}/${slots.total}`,
  );
  return [header, ...rows];
}

/** The state after event N: the draft's line, the open auction, the standings and the rosters. */
export function formatState(replay: ReplayData): string[] {
  const lines = [
    `"${replay.name}" after event ${replay.at} of ${replay.lastVersion} (${replay.event.type} at ${replay.event.recordedAt})`,
    `status ${replay.status}${replay.deleted ? ' (deleted)' : ''}, round ${replay.currentRound}, ` +
      `on the clock: ${replay.currentTeamTurn?.name ?? 'nobody'}`,
  ];
  const auction = replay.auction;
  if (auction) {
    lines.push(
      `auction: ${auction.playerName} (${auction.position} ${auction.nflTeam}), high bid ${money(auction.currentBid)} ` +
        `by ${auction.currentBidder.name}; bids: ${auction.bids.map((b) => `${b.team.name} ${money(b.amount)}`).join(', ')}`,
    );
  } else lines.push('auction: none open');
  lines.push('', ...formatStandings(replay));
  for (const entry of replay.teams) {
    lines.push('', `${entry.team.name}:`);
    if (entry.roster.length === 0) lines.push('  (no players)');
    for (const r of entry.roster)
      lines.push(`  #${r.pickNumber} ${r.playerName} ${r.position} ${r.nflTeam} ${money(r.cost)}`);
  }
  return lines;
}
