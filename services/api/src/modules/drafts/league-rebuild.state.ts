import { AUCTION_RECENT_BIDS } from '@auction/contracts';
import {
  DEFAULT_DRAFT_SETTINGS,
  type AuctionBid,
  type DraftEvent,
  type Pick,
  type TeamEvent,
} from '@auction/domain';
import { DEFAULT_TEAM_BUDGET } from '../teams/index.js';
import { teamsTouchedByAssignment, pickRowId } from './draft.projection.js';

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

export interface AuctionRow {
  id: string;
  draft_id: string;
  player_id: string;
  nominated_at: string;
  bid_count: number;
  /** Newest last; may run past AUCTION_RECENT_BIDS until `recentBids` trims it (trimming on every bid costs). */
  bids: AuctionBid[];
}

/** The SQL rule of team-name-key.ts (lower(btrim(name))): btrim strips spaces only. */
const nameKey = (name: string) => name.replace(/^ +| +$/g, '').toLowerCase();

/**
 * The league read models (teams, drafts, draft_teams, picks, auctions) folded in memory, event by event, with the
 * exact rules of TeamProjection, DraftProjection, settleTeamNameKeys and recomputeTeamStandings: a rebuild writes
 * these rows once instead of running several statements per event. Pure: no SQL, no clock.
 */
export class LeagueRebuildState {
  readonly teams = new Map<string, TeamRow>();
  readonly drafts = new Map<string, DraftRow>();
  readonly draftTeams = new Map<string, Set<string>>();
  private readonly teamDrafts = new Map<string, Set<string>>();
  readonly picks = new Map<string, PickRow>();
  private readonly picksOfDraft = new Map<string, Set<PickRow>>();
  readonly auctions = new Map<string, AuctionRow>();
  /** Teams by the key of their name, and by the key they hold (name_key), for settleNameKeys. */
  private readonly byName = new Map<string, Set<TeamRow>>();
  private readonly nameOf = new Map<TeamRow, string>();
  private readonly byHeldKey = new Map<string, Set<TeamRow>>();
  /** Spend and players per team and draft (`team|draft`), kept as picks come and go, for the standings. */
  private readonly spend = new Map<string, { spent: number; players: number }>();

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
        });
        break;
      case 'TeamUpdated': {
        const team = this.teams.get(teamId);
        if (!team) return;
        team.name = event.data.name ?? team.name;
        team.team_number = event.data.teamNumber ?? team.team_number;
        team.updated_at = at;
        break;
      }
      case 'TeamOwnerAssigned': {
        const team = this.teams.get(teamId);
        if (!team) return;
        team.owner_user_id = event.data.userId;
        team.updated_at = at;
        break;
      }
      case 'TeamDeleted': {
        const team = this.teams.get(teamId);
        if (!team) return;
        team.deleted_at = at;
        team.updated_at = at;
        break;
      }
    }
    const renames =
      event.type !== 'TeamOwnerAssigned' && (event.type !== 'TeamUpdated' || event.data.name !== undefined);
    if (renames) this.settleNameKeys(teamId);
  }

  /**
   * settleTeamNameKeys: in each name group touched, the first live team (created_at, then id) holds the key and
   * every other holder lets it go. Indexed by name and by held key, so a team event costs its group, not all teams.
   */
  private settleNameKeys(teamId: string): void {
    const team = this.teams.get(teamId);
    if (!team) return;
    this.reindexName(team);
    const keys = new Set([nameKey(team.name), team.name_key].filter((key): key is string => key !== null));
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
        if (holder.name_key !== nameKey(holder.name) || !firsts.has(holder)) this.holdKey(holder, null);
      }
    }
    for (const holder of firsts) this.holdKey(holder, nameKey(holder.name));
  }

  private reindexName(team: TeamRow): void {
    const indexed = this.nameOf.get(team);
    const key = nameKey(team.name);
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

  applyDraftEvent(event: DraftEvent, draftId: string, at: Date): void {
    switch (event.type) {
      case 'DraftCreated': {
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
          auction_time_limit: settings.auctionTimeLimit ?? DEFAULT_DRAFT_SETTINGS.auctionTimeLimit,
          bid_time_reset: settings.bidTimeReset ?? DEFAULT_DRAFT_SETTINGS.bidTimeReset,
          nomination_time_limit: settings.nominationTimeLimit ?? DEFAULT_DRAFT_SETTINGS.nominationTimeLimit,
        });
        return;
      }
      case 'DraftUpdated': {
        const draft = this.drafts.get(draftId);
        const { name, settings } = event.data;
        if (draft) {
          draft.name = name ?? draft.name;
          draft.teams_count = settings?.teamsCount ?? draft.teams_count;
          draft.players_per_team = settings?.playersPerTeam ?? draft.players_per_team;
          draft.budget_per_team = settings?.budgetPerTeam ?? draft.budget_per_team;
          draft.draft_type = settings?.draftType ?? draft.draft_type;
          draft.auction_time_limit = settings?.auctionTimeLimit ?? draft.auction_time_limit;
          draft.bid_time_reset = settings?.bidTimeReset ?? draft.bid_time_reset;
          draft.nomination_time_limit = settings?.nominationTimeLimit ?? draft.nomination_time_limit;
        }
        if (settings) this.recomputeStandings(this.teamsOf(draftId), at);
        return;
      }
      case 'DraftTeamsAssigned': {
        const previous = this.teamsOf(draftId);
        const next = event.data.teamIds;
        for (const teamId of previous) if (!next.includes(teamId)) this.unlink(draftId, teamId);
        for (const teamId of next) this.link(draftId, teamId);
        this.recomputeStandings(teamsTouchedByAssignment(previous, next), at);
        return;
      }
      case 'DraftStarted': {
        const draft = this.drafts.get(draftId);
        if (draft) {
          draft.status = 'active';
          draft.current_team_turn = event.data.currentTeamTurn;
          draft.current_round = event.data.currentRound;
          draft.started_at = event.data.startedAt;
          draft.teams_count = event.data.teamsCount;
        }
        this.recomputeStandings(this.teamsOf(draftId), at);
        return;
      }
      case 'PlayerSold':
      case 'KeeperAdded':
        this.addPick(draftId, event.data.pick, at);
        this.recomputeStandings([event.data.pick.teamId], at);
        return;
      case 'PickUpdated': {
        const { pick, previous } = event.data;
        const row = this.picks.get(pickRowId(draftId, previous));
        if (row) {
          this.account(row, -1);
          row.player_id = pick.playerId;
          row.player_name = pick.playerName;
          row.position = pick.position;
          row.nfl_team = pick.nflTeam;
          row.team_id = pick.teamId;
          row.cost = pick.cost;
          this.account(row, 1);
        }
        this.recomputeStandings(teamsTouchedByAssignment([previous.teamId], [pick.teamId]), at);
        return;
      }
      case 'KeeperRemoved':
      case 'PickUndone': {
        const { pick } = event.data;
        const row = this.picks.get(pickRowId(draftId, pick));
        const removed = row?.pick_number ?? pick.pickNumber;
        if (row) this.removePick(row);
        for (const later of this.picksOfDraft.get(draftId) ?? [])
          if (later.pick_number > removed) later.pick_number -= 1;
        const draft = this.drafts.get(draftId);
        if (draft) draft.total_picks = Math.max(draft.total_picks - 1, 0);
        this.recomputeStandings([pick.teamId], at);
        return;
      }
      case 'NominationTurnPassed':
        this.updateDraft(draftId, (draft) => {
          draft.current_team_turn = event.data.currentTeamTurn;
          draft.current_round = event.data.currentRound;
        });
        return;
      case 'DraftPaused':
        this.updateDraft(draftId, (draft) => (draft.status = 'paused'));
        return;
      case 'DraftResumed':
        this.updateDraft(draftId, (draft) => (draft.status = 'active'));
        return;
      case 'DraftCompleted':
        this.updateDraft(draftId, (draft) => {
          draft.status = 'completed';
          draft.completed_at = event.data.completedAt;
          draft.current_team_turn = null;
        });
        this.recomputeStandings(this.teamsOf(draftId), at);
        return;
      case 'DraftReopened':
        this.updateDraft(draftId, (draft) => {
          draft.status = 'active';
          draft.completed_at = null;
          draft.current_team_turn = event.data.currentTeamTurn;
          draft.current_round = event.data.currentRound;
        });
        this.recomputeStandings(this.teamsOf(draftId), at);
        return;
      case 'PlayerNominated':
        if (!this.auctions.has(event.data.auctionId)) {
          this.auctions.set(event.data.auctionId, {
            id: event.data.auctionId,
            draft_id: draftId,
            player_id: event.data.playerId,
            nominated_at: event.data.nominatedAt,
            // The opening bid is the auction's first bid (openingBidColumns).
            bid_count: 1,
            bids: [
              { teamId: event.data.nominatedBy, amount: event.data.openingBid, at: event.data.nominatedAt },
            ],
          });
        }
        return;
      case 'BidPlaced': {
        const auction = this.auctions.get(event.data.auctionId);
        if (!auction) return;
        const { teamId, amount, at: bidAt, proxy } = event.data;
        auction.bid_count += 1;
        auction.bids.push(
          proxy === true ? { teamId, amount, at: bidAt, proxy } : { teamId, amount, at: bidAt },
        );
        if (auction.bids.length >= 2 * AUCTION_RECENT_BIDS)
          auction.bids = auction.bids.slice(-AUCTION_RECENT_BIDS);
        return;
      }
      case 'DraftDeleted': {
        this.updateDraft(draftId, (draft) => {
          draft.deleted_at = event.data.deletedAt;
          draft.total_picks = 0;
        });
        for (const row of [...(this.picksOfDraft.get(draftId) ?? [])]) this.removePick(row);
        const buyers = event.data.releasedPicks.map((pick) => pick.teamId);
        this.recomputeStandings(teamsTouchedByAssignment(this.teamsOf(draftId), buyers), at);
        return;
      }
      default:
        return;
    }
  }

  setVersion(draftId: string, version: number): void {
    this.updateDraft(draftId, (draft) => (draft.version = version));
  }

  private updateDraft(draftId: string, change: (draft: DraftRow) => void): void {
    const draft = this.drafts.get(draftId);
    if (draft) change(draft);
  }

  private teamsOf(draftId: string): string[] {
    return [...(this.draftTeams.get(draftId) ?? [])];
  }

  private link(draftId: string, teamId: string): void {
    setOf(this.draftTeams, draftId).add(teamId);
    setOf(this.teamDrafts, teamId).add(draftId);
  }

  private unlink(draftId: string, teamId: string): void {
    this.draftTeams.get(draftId)?.delete(teamId);
    this.teamDrafts.get(teamId)?.delete(draftId);
  }

  private addPick(draftId: string, pick: Pick, at: Date): void {
    const legacy = pick as Partial<Pick>;
    const row: PickRow = {
      id: pickRowId(draftId, pick),
      draft_id: draftId,
      pick_number: pick.pickNumber,
      player_id: pick.playerId,
      player_name: pick.playerName,
      position: pick.position,
      nfl_team: pick.nflTeam,
      team_id: pick.teamId,
      cost: pick.cost,
      created_at: at,
      source: legacy.source ?? 'auction',
      picked_at: legacy.pickedAt ?? at,
    };
    this.picks.set(row.id, row);
    setOf(this.picksOfDraft, draftId).add(row);
    this.account(row, 1);
    const draft = this.drafts.get(draftId);
    if (draft) draft.total_picks += 1;
  }

  private removePick(row: PickRow): void {
    this.picks.delete(row.id);
    this.picksOfDraft.get(row.draft_id)?.delete(row);
    this.account(row, -1);
  }

  private account(row: PickRow, sign: 1 | -1): void {
    const key = `${row.team_id}|${row.draft_id}`;
    let entry = this.spend.get(key);
    if (!entry) this.spend.set(key, (entry = { spent: 0, players: 0 }));
    entry.spent += sign * row.cost;
    entry.players += sign;
  }

  /**
   * recomputeTeamStandings: the team's current draft is its open one if any, else the latest created (then the
   * highest id); budget, spend and players come from that draft; updated_at moves only when something changed.
   */
  private recomputeStandings(teamIds: readonly string[], at: Date): void {
    for (const teamId of new Set(teamIds)) {
      const team = this.teams.get(teamId);
      if (!team) continue;
      const current = this.currentDraftOf(teamId);
      const entry = current ? this.spend.get(`${teamId}|${current.id}`) : undefined;
      const spent = entry?.spent ?? 0;
      const players = entry?.players ?? 0;
      const budget = current?.budget_per_team ?? DEFAULT_TEAM_BUDGET;
      const draftId = current?.id ?? null;
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

  private currentDraftOf(teamId: string): DraftRow | undefined {
    let best: DraftRow | undefined;
    for (const draftId of this.teamDrafts.get(teamId) ?? []) {
      const draft = this.drafts.get(draftId);
      if (!draft || draft.deleted_at !== null) continue;
      if (!best || ranksBefore(draft, best)) best = draft;
    }
    return best;
  }
}

/** The `recent_bids` column: the latest AUCTION_RECENT_BIDS bids, oldest first (AuctionBidWrites). */
export function recentBids(auction: AuctionRow): AuctionBid[] {
  return auction.bids.slice(-AUCTION_RECENT_BIDS);
}

/** ORDER BY (status <> 'completed') DESC, created_at DESC, id DESC. */
function ranksBefore(a: DraftRow, b: DraftRow): boolean {
  const openA = a.status !== 'completed';
  const openB = b.status !== 'completed';
  if (openA !== openB) return openA;
  const createdA = Date.parse(a.created_at);
  const createdB = Date.parse(b.created_at);
  if (createdA !== createdB) return createdA > createdB;
  return a.id > b.id;
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
