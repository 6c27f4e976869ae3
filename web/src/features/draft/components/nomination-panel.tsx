import type { DraftAuctionData, Player, Team } from '@auction/contracts';
import { MIN_BID } from '@auction/domain';
import { Megaphone, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useNominatePlayerMutation } from '../api/auctions.api.js';
import { formatDollars } from '../../../shared/ui/budget.js';
import { Button } from '../../../shared/ui/button.js';
import { Card } from '../../../shared/ui/card.js';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import { parseBidInput, teamMaxBid } from '../auction-rules.js';
import { proTeamText } from '../player-format.js';
import { useServerCountdown } from '../use-server-countdown.js';
import { Countdown } from './countdown.js';

export interface NominationPanelProps {
  draftId: string;
  auctionData: DraftAuctionData;
  paused: boolean;
  /** The user's own team in this draft. */
  ownTeam: Team | null;
  isAdmin: boolean;
  teams: readonly Team[];
  playersPerTeam: number;
  /** The player picked in the Available Players grid (or its search). */
  candidate: Player | null;
  onClearCandidate: () => void;
}

export interface NominationContext {
  draftStatus: string;
  auctionRunning: boolean;
  paused: boolean;
  turnTeamId: string | null;
  ownTeamId: string | null;
  isAdmin: boolean;
  candidate: Player | null;
  openingBid: number;
  /** The max bid of the team on the clock. */
  turnMaxBid: number;
  turnTeamName: string;
  /** The team's nomination clock shows 0:00: an owner's nomination would be refused, the auto-nomination is due. */
  clockRanOut: boolean;
}

/** Why the user cannot nominate now, or null (ADR 0008: the team on the clock, or an admin for it). */
export function nominationProblem(context: NominationContext): string | null {
  if (context.draftStatus === 'completed') return 'The draft is complete';
  if (context.paused) return 'The draft is paused';
  if (context.draftStatus !== 'active') return 'Nominations open when the draft starts';
  if (context.auctionRunning) return 'Wait for the current auction to end';
  if (!context.turnTeamId) return 'No team is on the clock';
  if (!context.isAdmin && context.turnTeamId !== context.ownTeamId)
    return `Waiting for ${context.turnTeamName} to nominate`;
  if (!context.isAdmin && context.clockRanOut) return 'Your nomination clock has run out';
  if (!context.candidate) return 'Select a player from Available Players';
  if (context.candidate.isDrafted) return 'That player is already drafted';
  if (!Number.isInteger(context.openingBid)) return 'Opening bid must be a whole number of dollars';
  if (context.openingBid < MIN_BID) return `Opening bid must be at least $${MIN_BID}`;
  if (context.openingBid > context.turnMaxBid) return `Opening bid cannot exceed $${context.turnMaxBid}`;
  return null;
}

/**
 * ADR 0008: whose turn it is and their nomination clock, the chosen player (picked from the Available Players search
 * or grid) and an opening bid; only the team on the clock, or an admin for it, can nominate.
 */
export function NominationPanel(props: NominationPanelProps) {
  const { draftId, auctionData, paused, ownTeam, isAdmin, teams, playersPerTeam, candidate } = props;
  const bidId = useId();
  const reasonId = useId();
  const [bidText, setBidText] = useState(String(MIN_BID));
  const [nominate, { isLoading }] = useNominatePlayerMutation();
  const turn = auctionData.currentTeamTurn;
  const turnTeam = teams.find((team) => team._id === turn?._id) ?? null;
  const ownTurn = turn !== null && turn._id === ownTeam?._id;
  const auctionRunning = auctionData.auction !== null;
  const clockMs = useServerCountdown(
    paused || auctionRunning ? null : auctionData.nominationDeadline,
    auctionRunning ? null : auctionData.nominationTimeLeftMs,
  );
  const openingBid = parseBidInput(bidText);
  const turnMaxBid = turnTeam ? teamMaxBid(turnTeam, playersPerTeam) : Number.MAX_SAFE_INTEGER;
  const problem = nominationProblem({
    draftStatus: auctionData.draftStatus,
    auctionRunning,
    paused,
    turnTeamId: turn?._id ?? null,
    ownTeamId: ownTeam?._id ?? null,
    isAdmin,
    candidate,
    openingBid,
    turnMaxBid,
    turnTeamName: turn?.name ?? '',
    clockRanOut: clockMs !== null && clockMs <= 0,
  });

  const submit = async () => {
    if (problem || !candidate || !turn) return;
    try {
      await nominate({ draftId, playerId: candidate.playerId, teamId: turn._id, openingBid }).unwrap();
      props.onClearCandidate();
      setBidText(String(MIN_BID));
    } catch (error) {
      // The central toast says why (out of turn, drafted player...).
      console.error('Failed to nominate player', error);
    }
  };

  return (
    <Card title="Nomination">
      <div className="space-y-4">
        {turn && !auctionRunning && auctionData.draftStatus !== 'completed' && (
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-slate-700">
              <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
                On the clock
              </span>
              <span className="text-base font-semibold text-slate-900">
                {ownTurn ? 'You nominate next' : `${turn.name} nominates next`}
              </span>
            </p>
            <Countdown ms={clockMs} label="Nomination time left" paused={paused} size="sm" />
          </div>
        )}
        {auctionRunning && (
          <p className="flex items-start gap-2 text-sm text-slate-500">
            <Megaphone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            Bidding on {auctionData.auction?.playerName}. The next nomination opens when it closes.
          </p>
        )}
        {!auctionRunning && auctionData.draftStatus === 'active' && (
          <p className="text-xs text-slate-500">
            If the clock runs out, the best available player by ADP is nominated at $1.
          </p>
        )}

        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">Player</p>
          {candidate ? (
            <div className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate font-semibold text-slate-900">{candidate.name}</span>
                <PositionBadge position={candidate.position} />
                <span className="text-sm text-slate-500">{proTeamText(candidate.team)}</span>
              </span>
              <button
                type="button"
                aria-label="Clear selected player"
                onClick={props.onClearCandidate}
                className="rounded p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-600"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : (
            <p className="text-sm text-slate-500">Pick a player from Available Players (search or grid).</p>
          )}
        </div>

        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="w-32">
            <label htmlFor={bidId} className="mb-1 block text-sm font-medium text-slate-700">
              Opening bid
            </label>
            <input
              id={bidId}
              type="number"
              inputMode="numeric"
              min={MIN_BID}
              step={1}
              value={bidText}
              onChange={(event) => setBidText(event.target.value)}
              className="block w-full rounded-lg border-0 px-3 py-2 text-slate-900 tabular-nums shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
            />
          </div>
          <Button
            type="submit"
            disabled={problem !== null}
            loading={isLoading}
            aria-describedby={problem ? reasonId : undefined}
            icon={<Megaphone aria-hidden="true" className="size-4" />}
          >
            Nominate
          </Button>
        </form>
        {problem && (
          <p id={reasonId} className="text-sm text-slate-500">
            {problem}
          </p>
        )}
        {turnTeam && !auctionRunning && auctionData.draftStatus === 'active' && (
          <p className="text-xs text-slate-500">
            {turnTeam.name} can open at up to {formatDollars(teamMaxBid(turnTeam, playersPerTeam))}.
          </p>
        )}
      </div>
    </Card>
  );
}
