import type { Auction, Team } from '@auction/contracts';
import { BID_INCREMENTS, minimumNextBid } from '@auction/domain';
import { Gavel } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { usePlaceBidMutation } from '../api/auctions.api.js';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.js';
import { formatDollars } from '../../../shared/ui/budget.js';
import { Button } from '../../../shared/ui/button.js';
import {
  bidAmountProblem,
  biddingClosedReason,
  parseBidInput,
  suggestedBid,
  teamMaxBid,
  type BidContext,
} from '../auction-rules.js';

export const BID_TOASTS = {
  placed: (amount: number) => `Bid placed: $${amount}`,
  /** A rival's maximum bid answered in the same command (ADR 0017). */
  answered: (amount: number) => `Outbid at once by a maximum bid: $${amount}`,
  failed: 'Failed to place bid',
} as const;

interface Entry {
  /** The bid the text was typed against: a new high bid replaces it with the new suggestion. */
  auctionId: string;
  currentBid: number;
  text: string;
}

/**
 * The bid box: an amount (suggested: current bid + $1), quick +$1/+$2/+$5/+$10 from the current bid (disabled past
 * what the team can bid), the team's max bid, and Place Bid with the reason when it is disabled.
 */
export function BidBox({ auction, context }: { auction: Auction; context: BidContext }) {
  const inputId = useId();
  const reasonId = useId();
  const [entry, setEntry] = useState<Entry | null>(null);
  const [placeBid, { isLoading }] = usePlaceBidMutation();

  const current = entry && entry.auctionId === auction._id && entry.currentBid === auction.currentBid;
  const text = current ? entry.text : String(suggestedBid(auction));
  const amount = parseBidInput(text);
  const team = context.team;
  const max = team ? teamMaxBid(team, context.playersPerTeam) : 0;
  const closed = biddingClosedReason(context);
  const problem = bidAmountProblem(amount, context);

  const setText = (value: string) =>
    setEntry({ auctionId: auction._id, currentBid: auction.currentBid, text: value });

  const submit = async () => {
    if (problem || !team) return;
    try {
      const after = await placeBid({
        auctionId: auction._id,
        draftId: auction.draftId,
        playerId: auction.playerId,
        bidAmount: amount,
        teamId: team._id,
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      if (after.currentBidder._id === team._id) toast.success(BID_TOASTS.placed(amount));
      else toast.error(BID_TOASTS.answered(after.currentBid));
    } catch (error) {
      console.error('Failed to place bid', error);
      toast.error(BID_TOASTS.failed);
    }
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
            Bid amount
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
              $
            </span>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={minimumNextBid(auction.currentBid)}
              max={max || undefined}
              step={1}
              value={text}
              disabled={closed !== null}
              aria-describedby={problem ? reasonId : undefined}
              onChange={(event) => setText(event.target.value)}
              className="block w-full rounded-lg border-0 py-2 pr-3 pl-7 text-slate-900 tabular-nums shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset disabled:bg-slate-50 disabled:text-slate-400"
            />
          </div>
        </div>
        <Button
          type="submit"
          disabled={problem !== null}
          loading={isLoading}
          icon={<Gavel aria-hidden="true" className="size-4" />}
        >
          Place Bid
        </Button>
      </div>
      <div role="group" aria-label="Quick bids" className="flex flex-wrap gap-1.5">
        {BID_INCREMENTS.map((increment) => {
          const target = auction.currentBid + increment;
          return (
            <Button
              key={increment}
              variant="secondary"
              size="sm"
              aria-label={`+$${increment}`}
              title={`Bid ${formatDollars(target)}`}
              disabled={closed !== null || target > max}
              onClick={() => setText(String(target))}
            >
              +${increment}
            </Button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {team && (
          <p className="text-slate-600">
            MAX BID: <span className="font-semibold text-slate-900 tabular-nums">{formatDollars(max)}</span>
          </p>
        )}
        {problem && (
          <p id={reasonId} className="text-slate-500">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}

/** The team the bid box bids for: the user's own, or for an admin the one they pick. */
export function biddingTeamOf(teams: readonly Team[], teamId: string | null): Team | null {
  return teams.find((team) => team._id === teamId) ?? null;
}
