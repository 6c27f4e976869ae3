import type { Auction, Team } from '@auction/contracts';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { formatDollars } from '../../../shared/ui/budget.js';
import { Button } from '../../../shared/ui/button.js';
import {
  useGetProxyBidQuery,
  useRemoveProxyBidMutation,
  useSetProxyBidMutation,
} from '../api/proxy-bids.api.js';
import { parseBidInput, teamMaxBid } from '../auction-rules.js';

export const PROXY_TOASTS = {
  set: (amount: number) => `Maximum bid set: $${amount}`,
  removed: 'Maximum bid removed',
  failed: 'Failed to set maximum bid',
} as const;

/** The server's message when it has one (too low, over the max bid), else a generic failure. */
function messageOf(error: unknown): string {
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === 'string' ? message : PROXY_TOASTS.failed;
}

/**
 * "Max bid (proxy)": a private maximum for the user's team in this auction (ADR 0017). The server bids for the team,
 * up to it, whenever a rival bids. Only this team's owner (and admins) ever see the amount.
 */
export function ProxyBidBox({
  auction,
  team,
  playersPerTeam,
  disabled,
}: {
  auction: Auction;
  team: Team;
  playersPerTeam: number;
  disabled: boolean;
}) {
  const inputId = useId();
  const args = { auctionId: auction._id, draftId: auction.draftId, teamId: team._id };
  const { data } = useGetProxyBidQuery(args);
  const [setProxy, setState] = useSetProxyBidMutation();
  const [removeProxy, removeState] = useRemoveProxyBidMutation();
  const [text, setText] = useState('');
  const current = data?.auctionId === auction._id ? data.maxBid : null;
  const amount = parseBidInput(text);
  const max = teamMaxBid(team, playersPerTeam);
  const leads = auction.currentBidder._id === team._id;
  const exhausted = current !== null && !leads && current <= auction.currentBid;

  const submit = async () => {
    if (!Number.isInteger(amount)) return;
    try {
      await setProxy({ ...args, maxBid: amount }).unwrap();
      toast.success(PROXY_TOASTS.set(amount));
      setText('');
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const remove = async () => {
    try {
      await removeProxy(args).unwrap();
      toast.success(PROXY_TOASTS.removed);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <form
      aria-label="Maximum bid"
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
            Max bid (proxy)
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={leads ? auction.currentBid : auction.currentBid + 1}
            max={max || undefined}
            step={1}
            value={text}
            placeholder={current === null ? 'Your maximum' : String(current)}
            disabled={disabled}
            onChange={(event) => setText(event.target.value)}
            className="block w-full rounded-lg border-0 px-3 py-2 text-slate-900 tabular-nums shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset disabled:bg-slate-50 disabled:text-slate-400"
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          disabled={disabled || !Number.isInteger(amount)}
          loading={setState.isLoading}
        >
          Set max
        </Button>
        {current !== null && (
          <Button variant="secondary" onClick={() => void remove()} loading={removeState.isLoading}>
            Remove
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600" data-testid="proxy-status">
        {current === null ? (
          'No maximum: the server bids for you up to one you set.'
        ) : (
          <>
            Your maximum:{' '}
            <span className="font-semibold text-slate-900 tabular-nums">{formatDollars(current)}</span>
            {exhausted && <span className="ml-2 font-semibold text-red-700">Outbid above your maximum</span>}
          </>
        )}
      </p>
    </form>
  );
}
