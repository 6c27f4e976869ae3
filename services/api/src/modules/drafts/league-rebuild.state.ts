import { AUCTION_RECENT_BIDS } from '@auction/contracts';
import { teamNameKey, type AuctionBid, type DraftEvent, type Pick, type TeamEvent } from '@auction/domain';
import { DEFAULT_TEAM_BUDGET } from '../teams/index.js';

export interface TeamRow {
  id: string;
  name: string;
  team_number: number;
  owner_user_id: string | null;
  current_draft_id: string | null;
  budget_total: number;
  budget_spent: number;
  player_count: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  name_key: string | null;
  /** teamNameKey(name), the form names are compared in: the function the live projection stores it with. */
  name_compared: string;
}

export interface DraftRow {
  id: string;
  name: string;
  status: string;
  teams_count: number;
  players_per_team: number;
  budget_per_team: number;
  draft_type: string;
  current_round: number;
  current_team_turn: string | null;
  total_picks: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  deleted_at: string | null;
  version: number;
  auction_time_limit: number;
  bid_time_reset: number;
  nomination_time_limit: number;
}

export interface PickRow {
  id: string;
  draft_id: string;
  pick_number: number;
  player_id: string;
  player_name: string;
  position: string;
  nfl_team: string | null;
  team_id: string;
  cost: number;
  created_at: Date;
  source: string;
  picked_at: Date | string;
}

/** team_standing_drafts: what the team projection keeps of a draft to find a team's current draft. */
export interface StandingDraftRow {
  draft_id: string;
  budget_per_team: number;
  created_at: string;
  completed: boolean;
  /** When it last completed (null while open or reopened). */
  completed_at: string | null;
  deleted: boolean;
}

/** team_standing_picks: a live pick as the standings need it. */
export interface StandingPickRow {
  pick_id: string;
  draft_id: string;
  team_id: string;
  cost: number;
}

export interface AuctionRow {
  id: string;
  draft_id: string;
  player_id: string;
  nominated_at: string;
  bid_count: number;
  /** Newest last; may run past AUCTION_RECENT_BIDS until `recentBids` trims it (trimming on every bid costs). */
  bids: AuctionBid[];
  /**
   * The `recent_bids` column as JSON text once the auction is settled (its draft nominated the next one), `bids`
   * then empty: a string is one leaf object for the GC, where the bid objects were ~40 it had to mark on every
   * major GC until the final write (the fold's heap at 10M events was mostly finished auctions' bids).
   */
  settled: string | null;
}

/**
 * The league read models folded in memory, event by event (upcast events, in log order), with the exact rules of
 * the projections (ADR 0022): TeamProjection (teams, settleTeamNameKeys, the standing tables and
 * recomputeTeamStandings), DraftProjection, DraftTeamsProjection, PicksProjection and AuctionsProjection. Each part
 * reads only its own state, as its projection reads only its own tables. A rebuild writes these rows once instead
 * of running statements per event. Pure: no SQL, no clock.
 */
export class LeagueRebuildState {
  readonly teams = new Map<string, TeamRow>();
  readonly drafts = new Map<string, DraftRow>();
  readonly draftTeams = new Map<string, Set<string>>();
  readonly picks = new Map<string, PickRow>();
  private readonly picksOfDraft = new Map<string, Set<PickRow>>();
  readonly auctions = new Map<string, AuctionRow>();
  /** Each draft's latest auction: the one still taking bids, settled when the draft nominates the next. */
  private readonly openAuctionOf = new Map<string, AuctionRow>();
  readonly standingDrafts = new Map<string, StandingDraftRow>();
  readonly standingMembers = new Map<string, Set<string>>();
  readonly standingPicks = new Map<string, StandingPickRow>();
  private readonly standingPicksOfDraft = new Map<string, Set<StandingPickRow>>();
  private readonly draftsOfMember = new Map<string, Set<string>>();
  /** Spend and players per team and draft (`team|draft`) over the standing picks. */
  private readonly spend = new Map<string, { spent: number; players: number }>();
  /** Teams by their compared name (name_compared), and by the key they hold (name_key), for settleNameKeys. */
  private readonly byName = new Map<string, Set<TeamRow>>();
  private readonly nameOf = new Map<TeamRow, string>();
  private readonly byHeldKey = new Map<string, Set<TeamRow>>();

  applyTeamEvent(event: TeamEvent, teamId: string, at: Date): void {
    switch (event.type) {
      case 'TeamCreated':
        // The live INSERT fails on a duplicate id (the log never holds one): keep the first row.
        if (this.teams.has(event.data.teamId)) return;
        this.teams.set(event.data.teamId, {
          id: event.data.teamId,
          name: event.data.name,
          team_number: event.data.teamNumber,
          owner_user_id: null,
          current_draft_id: null,
          budget_total: DEFAULT_TEAM_BUDGET,
          budget_spent: 0,
          player_count: 0,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          name_key: null,
          name_compared: teamNameKey(event.data.name),
        });
        break;
      case 'TeamUpdated':
        this.updateTeam(teamId, at, (team) => {
          if (event.data.name !== undefined) {
            team.name = event.data.name;
            team.name_compared = teamNameKey(event.data.name);
          }
          team.team_number = event.data.teamNumber ?? team.team_number;
        });
        break;
      case 'TeamOwnerAssigned':
        this.updateTeam(teamId, at, (team) => (team.owner_user_id = event.data.userId));
        break;
      case 'TeamDeleted':
        this.updateTeam(teamId, at, (team) => (team.deleted_at = at));
        break;
    }
    const renames =
      event.type === 'TeamCreated' ||
      event.type === 'TeamDeleted' ||
      (event.type === 'TeamUpdated' && event.data.name !== undefined);
    if (renames) this.settleNameKeys(teamId);
  }

  /**
   * `recorded.recordedAt` is read only by the events that write a time (the bulk reader parses it on demand: most
   * events are bids, which never need it).
   */
  applyDraftEvent(event: DraftEvent, draftId: string, recorded: { readonly recordedAt: Date }): void {
    this.applyToDraftRow(event, draftId);
    this.applyToDraftTeams(event, draftId);
    this.applyToAuctions(event, draftId);
    if (event.type === 'BidPlaced') return;
    this.applyToPicks(event, draftId, recorded.recordedAt);
    this.applyToStandings(event, draftId, recorded.recordedAt);
  }

  /** drafts.version: the stream's last version, which every draft event moves (bids too). */
  setVersion(draftId: string, version: number): void {
    const draft = this.drafts.get(draftId);
    if (draft) draft.version = version;
  }

  // --- DraftProjection ---------------------------------------------------------------------------------------

  private applyToDraftRow(event: DraftEvent, draftId: string): void {
    if (event.type === 'DraftCreated') {
      const { name, settings, createdAt } = event.data;
      if (this.drafts.has(draftId)) return;
      this.drafts.set(draftId, {
        id: draftId,
        name,
        status: 'created',
        teams_count: settings.teamsCount,
        players_per_team: settings.playersPerTeam,
        budget_per_team: settings.budgetPerTeam,
        draft_type: settings.draftType,
        current_round: 0,
        current_team_turn: null,
        total_picks: 0,
        created_at: createdAt,
        started_at: null,
        completed_at: null,
        deleted_at: null,
        version: 0,
        auction_time_limit: settings.auctionTimeLimit,
        bid_time_reset: settings.bidTimeReset,
        nomination_time_limit: settings.nominationTimeLimit,
      });
      return;
    }
    const draft = this.drafts.get(draftId);
    if (!draft) return;
    switch (event.type) {
      case 'DraftUpdated': {
        const { name, settings } = event.data;
        draft.name = name ?? draft.name;
        draft.teams_count = settings?.teamsCount ?? draft.teams_count;
        draft.players_per_team = settings?.playersPerTeam ?? draft.players_per_team;
        draft.budget_per_team = settings?.budgetPerTeam ?? draft.budget_per_team;
        draft.draft_type = settings?.draftType ?? draft.draft_type;
        draft.auction_time_limit = settings?.auctionTimeLimit ?? draft.auction_time_limit;
        draft.bid_time_reset = settings?.bidTimeReset ?? draft.bid_time_reset;
        draft.nomination_time_limit = settings?.nominationTimeLimit ?? draft.nomination_time_limit;
        return;
      }
      case 'DraftStarted':
        draft.status = 'active';
        draft.current_team_turn = event.data.currentTeamTurn;
        draft.current_round = event.data.currentRound;
        draft.started_at = event.data.startedAt;
        draft.teams_count = event.data.teamsCount;
        return;
      case 'PlayerSold':
      case 'KeeperAdded':
        draft.total_picks += 1;
        return;
      case 'KeeperRemoved':
      case 'PickUndone':
        draft.total_picks = Math.max(draft.total_picks - 1, 0);
        return;
      case 'NominationTurnPassed':
        draft.current_team_turn = event.data.currentTeamTurn;
        draft.current_round = event.data.currentRound;
        return;
      case 'DraftPaused':
        draft.status = 'paused';
        return;
      case 'DraftResumed':
        draft.status = 'active';
        return;
      case 'DraftCompleted':
        draft.status = 'completed';
        draft.completed_at = event.data.completedAt;
        draft.current_team_turn = null;
        return;
      case 'DraftReopened':
        draft.status = 'active';
        draft.completed_at = null;
        draft.current_team_turn = event.data.currentTeamTurn;
        draft.current_round = event.data.currentRound;
        return;
      case 'DraftDeleted':
        draft.deleted_at = event.data.deletedAt;
        draft.total_picks = 0;
        return;
      default:
        return;
    }
  }

  // --- DraftTeamsProjection ----------------------------------------------------------------------------------

  private applyToDraftTeams(event: DraftEvent, draftId: string): void {
    if (event.type === 'DraftTeamsAssigned') this.draftTeams.set(draftId, new Set(event.data.teamIds));
  }

  // --- PicksProjection ---------------------------------------------------------------------------------------

  private applyToPicks(event: DraftEvent, draftId: string, at: Date): void {
    switch (event.type) {
      case 'PlayerSold':
      case 'KeeperAdded':
        this.addPick(draftId, event.data.pick, at);
        return;
      case 'PickUpdated': {
        const { pick, previous } = event.data;
        const row = this.picks.get(previous.pickId);
        if (!row) return;
        row.player_id = pick.playerId;
        row.player_name = pick.playerName;
        row.position = pick.position;
        row.nfl_team = pick.nflTeam;
        row.team_id = pick.teamId;
        row.cost = pick.cost;
        return;
      }
      case 'KeeperRemoved':
      case 'PickUndone': {
        const row = this.picks.get(event.data.pick.pickId);
        const removed = row?.pick_number ?? event.data.pick.pickNumber;
        if (row) this.removePick(row);
        for (const later of this.picksOfDraft.get(draftId) ?? []) {
          if (later.pick_number > removed) later.pick_number -= 1;
        }
        return;
      }
      case 'DraftDeleted':
        for (const row of [...(this.picksOfDraft.get(draftId) ?? [])]) this.removePick(row);
        return;
      default:
        return;
    }
  }

  private addPick(draftId: string, pick: Pick, at: Date): void {
    const row: PickRow = {
      id: pick.pickId,
      draft_id: draftId,
      pick_number: pick.pickNumber,
      player_id: pick.playerId,
      player_name: pick.playerName,
      position: pick.position,
      nfl_team: pick.nflTeam,
      team_id: pick.teamId,
      cost: pick.cost,
      created_at: at,
      source: pick.source,
      picked_at: pick.pickedAt,
    };
    this.picks.set(row.id, row);
    setOf(this.picksOfDraft, draftId).add(row);
  }

  private removePick(row: PickRow): void {
    this.picks.delete(row.id);
    this.picksOfDraft.get(row.draft_id)?.delete(row);
  }

  // --- AuctionsProjection ------------------------------------------------------------------------------------

  private applyToAuctions(event: DraftEvent, draftId: string): void {
    if (event.type === 'PlayerNominated') {
      // DO NOTHING on a known id: the first row stays.
      if (this.auctions.has(event.data.auctionId)) return;
      const previous = this.openAuctionOf.get(draftId);
      if (previous) settle(previous);
      const auction: AuctionRow = {
        id: event.data.auctionId,
        draft_id: draftId,
        player_id: event.data.playerId,
        nominated_at: event.data.nominatedAt,
        // The opening bid is the auction's first bid (openingBidColumns).
        bid_count: 1,
        bids: [{ teamId: event.data.nominatedBy, amount: event.data.openingBid, at: event.data.nominatedAt }],
        settled: null,
      };
      this.auctions.set(auction.id, auction);
      this.openAuctionOf.set(draftId, auction);
    } else if (event.type === 'BidPlaced') {
      const auction = this.auctions.get(event.data.auctionId);
      if (!auction) return;
      // A bid on a settled auction (the live projection would take it too): back to objects, then as usual.
      if (auction.settled !== null) {
        auction.bids = JSON.parse(auction.settled) as AuctionBid[];
        auction.settled = null;
      }
      auction.bid_count += 1;
      // The event's own data (it is allocated already); recentBids keeps the bid fields only.
      auction.bids.push(event.data);
      if (auction.bids.length >= 2 * AUCTION_RECENT_BIDS)
        auction.bids = auction.bids.slice(-AUCTION_RECENT_BIDS);
    }
  }

  // --- TeamProjection: the standing tables and the teams' standing columns -----------------------------------

  private applyToStandings(event: DraftEvent, draftId: string, at: Date): void {
    switch (event.type) {
      case 'DraftCreated':
        if (this.standingDrafts.has(draftId)) return;
        this.standingDrafts.set(draftId, {
          draft_id: draftId,
          budget_per_team: event.data.settings.budgetPerTeam,
          created_at: event.data.createdAt,
          completed: false,
          completed_at: null,
          deleted: false,
        });
        return;
      case 'DraftUpdated': {
        if (!event.data.settings) return;
        const draft = this.standingDrafts.get(draftId);
        if (draft) draft.budget_per_team = event.data.settings.budgetPerTeam;
        return this.recompute(this.membersOf(draftId), at);
      }
      case 'DraftTeamsAssigned': {
        const previous = this.membersOf(draftId);
        const next = event.data.teamIds;
        for (const teamId of previous)
          if (!next.includes(teamId)) this.draftsOfMember.get(teamId)?.delete(draftId);
        this.standingMembers.set(draftId, new Set(next));
        for (const teamId of next) setOf(this.draftsOfMember, teamId).add(draftId);
        return this.recompute([...previous, ...next], at);
      }
      case 'PlayerSold':
      case 'KeeperAdded': {
        const { pick } = event.data;
        this.addStandingPick({
          pick_id: pick.pickId,
          draft_id: draftId,
          team_id: pick.teamId,
          cost: pick.cost,
        });
        return this.recompute([pick.teamId], at);
      }
      case 'PickUpdated': {
        const { pick, previous } = event.data;
        const row = this.standingPicks.get(previous.pickId);
        if (row) {
          this.account(row, -1);
          row.team_id = pick.teamId;
          row.cost = pick.cost;
          this.account(row, 1);
        }
        return this.recompute([previous.teamId, pick.teamId], at);
      }
      case 'PickUndone':
      case 'KeeperRemoved': {
        const row = this.standingPicks.get(event.data.pick.pickId);
        if (row) this.removeStandingPick(row);
        return this.recompute([event.data.pick.teamId], at);
      }
      case 'DraftCompleted':
      case 'DraftReopened': {
        const draft = this.standingDrafts.get(draftId);
        if (draft) {
          draft.completed = event.type === 'DraftCompleted';
          draft.completed_at = event.type === 'DraftCompleted' ? event.data.completedAt : null;
        }
        return this.recompute(this.membersOf(draftId), at);
      }
      case 'DraftDeleted': {
        const draft = this.standingDrafts.get(draftId);
        if (draft) draft.deleted = true;
        for (const row of [...(this.standingPicksOfDraft.get(draftId) ?? [])]) this.removeStandingPick(row);
        const buyers = event.data.releasedPicks.map((pick) => pick.teamId);
        return this.recompute([...this.membersOf(draftId), ...buyers], at);
      }
      default:
        return;
    }
  }

  private membersOf(draftId: string): string[] {
    return [...(this.standingMembers.get(draftId) ?? [])];
  }

  private addStandingPick(row: StandingPickRow): void {
    this.standingPicks.set(row.pick_id, row);
    setOf(this.standingPicksOfDraft, row.draft_id).add(row);
    this.account(row, 1);
  }

  private removeStandingPick(row: StandingPickRow): void {
    this.standingPicks.delete(row.pick_id);
    this.standingPicksOfDraft.get(row.draft_id)?.delete(row);
    this.account(row, -1);
  }

  private account(row: StandingPickRow, sign: 1 | -1): void {
    const key = `${row.team_id}|${row.draft_id}`;
    let entry = this.spend.get(key);
    if (!entry) this.spend.set(key, (entry = { spent: 0, players: 0 }));
    entry.spent += sign * row.cost;
    entry.players += sign;
  }

  /**
   * recomputeTeamStandings: the team's current draft is its open one if any, else the one completed last (then the
   * latest created, then the highest id), never a deleted one; budget, spend and players come from that draft; updated_at moves only when
   * a value changes.
   */
  private recompute(teamIds: readonly string[], at: Date): void {
    for (const teamId of new Set(teamIds)) {
      const team = this.teams.get(teamId);
      if (!team) continue;
      const current = this.currentDraftOf(teamId);
      const entry = current ? this.spend.get(`${teamId}|${current.draft_id}`) : undefined;
      const spent = entry?.spent ?? 0;
      const players = entry?.players ?? 0;
      const budget = current?.budget_per_team ?? DEFAULT_TEAM_BUDGET;
      const draftId = current?.draft_id ?? null;
      if (
        team.current_draft_id === draftId &&
        team.budget_total === budget &&
        team.budget_spent === spent &&
        team.player_count === players
      )
        continue;
      team.current_draft_id = draftId;
      team.budget_total = budget;
      team.budget_spent = spent;
      team.player_count = players;
      team.updated_at = at;
    }
  }

  private currentDraftOf(teamId: string): StandingDraftRow | undefined {
    let best: StandingDraftRow | undefined;
    for (const draftId of this.draftsOfMember.get(teamId) ?? []) {
      const draft = this.standingDrafts.get(draftId);
      if (!draft || draft.deleted) continue;
      if (!best || ranksBefore(draft, best)) best = draft;
    }
    return best;
  }

  // --- TeamProjection: teams rows and name keys --------------------------------------------------------------

  private updateTeam(teamId: string, at: Date, change: (team: TeamRow) => void): void {
    const team = this.teams.get(teamId);
    if (!team) return;
    change(team);
    team.updated_at = at;
  }

  /**
   * settleTeamNameKeys: in each name group touched, the first live team (created_at, then id) holds the key and
   * every other holder lets it go. Indexed by name and by held key, so a team event costs its group, not all teams.
   */
  private settleNameKeys(teamId: string): void {
    const team = this.teams.get(teamId);
    if (!team) return;
    this.reindexName(team);
    const keys = new Set([team.name_compared, team.name_key].filter((key): key is string => key !== null));
    const firsts = new Set<TeamRow>();
    for (const key of keys) {
      let holder: TeamRow | undefined;
      for (const candidate of this.byName.get(key) ?? []) {
        if (candidate.deleted_at === null && (!holder || isEarlier(candidate, holder))) holder = candidate;
      }
      if (holder) firsts.add(holder);
    }
    for (const key of keys) {
      for (const holder of [...(this.byHeldKey.get(key) ?? [])]) {
        if (holder.name_key !== holder.name_compared || !firsts.has(holder)) this.holdKey(holder, null);
      }
    }
    for (const holder of firsts) this.holdKey(holder, holder.name_compared);
  }

  private reindexName(team: TeamRow): void {
    const indexed = this.nameOf.get(team);
    const key = team.name_compared;
    if (indexed === key) return;
    if (indexed !== undefined) this.byName.get(indexed)?.delete(team);
    setOf(this.byName, key).add(team);
    this.nameOf.set(team, key);
  }

  private holdKey(team: TeamRow, key: string | null): void {
    if (team.name_key === key) return;
    if (team.name_key !== null) this.byHeldKey.get(team.name_key)?.delete(team);
    team.name_key = key;
    if (key !== null) setOf(this.byHeldKey, key).add(team);
  }
}

/** The `recent_bids` column: the latest AUCTION_RECENT_BIDS bids, oldest first (AuctionBidWrites). */
export function recentBids(auction: AuctionRow): AuctionBid[] {
  if (auction.settled !== null) return JSON.parse(auction.settled) as AuctionBid[];
  return auction.bids
    .slice(-AUCTION_RECENT_BIDS)
    .map(({ teamId, amount, at, proxy }) =>
      proxy === true ? { teamId, amount, at, proxy } : { teamId, amount, at },
    );
}

/** recentBids as the JSON text the final write sends (settled auctions hold it already). */
export function recentBidsJson(auction: AuctionRow): string {
  return auction.settled ?? JSON.stringify(recentBids(auction));
}

function settle(auction: AuctionRow): void {
  if (auction.settled !== null) return;
  auction.settled = JSON.stringify(recentBids(auction));
  auction.bids = [];
}

/** ORDER BY (NOT completed) DESC, created_at DESC, draft_id DESC. */
function ranksBefore(a: StandingDraftRow, b: StandingDraftRow): boolean {
  if (a.completed !== b.completed) return !a.completed;
  // completed_at DESC NULLS LAST
  const completedA = a.completed_at === null ? -Infinity : Date.parse(a.completed_at);
  const completedB = b.completed_at === null ? -Infinity : Date.parse(b.completed_at);
  if (completedA !== completedB) return completedA > completedB;
  const createdA = Date.parse(a.created_at);
  const createdB = Date.parse(b.created_at);
  if (createdA !== createdB) return createdA > createdB;
  return a.draft_id > b.draft_id;
}

/** ORDER BY created_at, id. */
function isEarlier(a: TeamRow, b: TeamRow): boolean {
  if (a.created_at.getTime() !== b.created_at.getTime()) return a.created_at < b.created_at;
  return a.id < b.id;
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
