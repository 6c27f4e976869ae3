import type { AuctionBid } from '@auction/contracts';
import { formatDollars } from '../../../shared/ui/budget.js';

/** docs/product.md §9 (Constants): the bid history shows 5 bids. */
export const BID_HISTORY_SIZE = 5;

/**
 * The newest bids first (the server sends the auction's 5 most recent, newest first; sorting again costs nothing and
 * is safe).
 */
export function recentBids(bids: readonly AuctionBid[]): AuctionBid[] {
  return [...bids].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, BID_HISTORY_SIZE);
}

export function BidHistory({ bids }: { bids: readonly AuctionBid[] }) {
  const shown = recentBids(bids);
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Recent bids</h3>
      {shown.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No bids yet</p>
      ) : (
        <ol aria-label="Bid history" className="mt-1 divide-y divide-slate-100 text-sm">
          {shown.map((bid, index) => (
            <li key={`${bid.team._id}-${bid.amount}-${index}`} className="flex justify-between gap-2 py-1">
              {/* A long team name (50 characters, no spaces) shortens; the amount always shows. */}
              <span
                title={bid.teamName}
                className={`min-w-0 truncate ${index === 0 ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
              >
                {bid.teamName}
              </span>
              <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                {formatDollars(bid.amount)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
