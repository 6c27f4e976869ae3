import type { Auction, Team } from '@auction/contracts';
import { Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { budgetColourClass, formatDollars } from '../../../shared/ui/budget.js';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import { useSoldPlayerValue, valueText } from '../use-auction-value.js';

/** docs/product.md §8.5 (Success and live toasts): the sale text (also the toast when a sale happens). */
export function saleText(winner: string, player: string, price: number): string {
  return `${winner} won ${player} for $${price}`;
}

/** The last completed auction: winner and price, with a Show/Hide Team Assignment toggle for the buyer's team. */
export function LastSale({ auction, teams }: { auction: Auction; teams: readonly Team[] }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const winner = auction.winner ?? auction.currentBidder;
  const price = auction.winningBid ?? auction.currentBid;
  const team = teams.find((candidate) => candidate._id === winner._id);
  const value = useSoldPlayerValue(auction.draftId, auction.playerId);
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Trophy aria-hidden="true" className="size-4 text-amber-500" />
          <span>
            <span className="font-medium text-slate-500">Last sale: </span>
            {saleText(winner.name, auction.playerName, price)}
            {value !== null && <span className="text-slate-500 tabular-nums"> ({valueText(value)})</span>}
          </span>
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className="text-sm font-semibold text-indigo-600 hover:text-indigo-500"
        >
          {open ? 'Hide Team Assignment' : 'Show Team Assignment'}
        </button>
      </div>
      {open && (
        <dl id={detailsId} className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500">Player</dt>
            <dd className="flex items-center gap-1.5 font-medium text-slate-900">
              {auction.playerName} <PositionBadge position={auction.position} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Team</dt>
            <dd className="font-medium text-slate-900">
              {winner.name} (Team #{winner.teamNumber})
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Price</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatDollars(price)}</dd>
          </div>
          {team && (
            <div>
              <dt className="text-xs text-slate-500">Team now</dt>
              <dd className="tabular-nums">
                {team.players.length} players ·{' '}
                <span className={budgetColourClass(team.budget.remaining)}>
                  {formatDollars(team.budget.remaining)} left
                </span>
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
