import type { Auction, Team } from '@auction/contracts';
import { Gavel } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCompleteAuctionMutation } from '../api/auctions.api.js';
import { formatDollars } from '../../../shared/ui/budget.js';
import { Card } from '../../../shared/ui/card.js';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import { pointsText } from '../player-format.js';
import { useServerCountdown } from '../use-server-countdown.js';
import { BidBox } from './bid-box.js';
import { BidHistory } from './bid-history.js';
import { Countdown } from './countdown.js';
import { LastSale } from './last-sale.js';
import { ProxyBidBox } from './proxy-bid-box.js';
import { useOutbidNotice } from '../use-outbid-notice.js';
import { useAuctionValue } from '../use-auction-value.js';

export interface LiveAuctionPanelProps {
  auction: Auction | null;
  lastCompleted: Auction | null;
  paused: boolean;
  draftStatus: string;
  /** The team the user bids for (own team, or the admin's choice). */
  biddingTeam: Team | null;
  teams: readonly Team[];
  playersPerTeam: number;
  /** Admins choose which team they bid for. */
  teamChooser?: ReactNode;
}

function idleText(draftStatus: string): string {
  if (draftStatus === 'created') return 'Live auction arrives when the draft starts.';
  if (draftStatus === 'completed') return 'This draft is complete: there is nothing left to bid on.';
  return 'No player is up for auction. The team on the clock nominates the next one.';
}

/**
 * Asks the server to close the auction once the local countdown (server deadline corrected by the clock offset)
 * reaches zero: once per deadline, since a late bid moves the deadline and the auction goes on. The server refuses an
 * early request; that is logged only.
 */
function useCompleteWhenDue(auction: Auction | null, msLeft: number | null, paused: boolean) {
  const [complete] = useCompleteAuctionMutation();
  const requested = useRef(new Set<string>());
  const due =
    auction !== null && auction.status === 'active' && !paused && auction.deadline !== null && msLeft === 0;
  const key = auction ? `${auction._id}@${auction.deadline}` : '';
  useEffect(() => {
    if (!due || !auction || requested.current.has(key)) return;
    requested.current.add(key);
    complete({ auctionId: auction._id, draftId: auction.draftId })
      .unwrap()
      .catch((error: unknown) => console.error('Failed to complete auction', error));
  }, [due, key, auction, complete]);
}

export function LiveAuctionPanel(props: LiveAuctionPanelProps) {
  const { auction, lastCompleted, paused, draftStatus, teams } = props;
  const msLeft = useServerCountdown(
    auction && !paused ? auction.deadline : null,
    auction ? auction.timeLeftMs : null,
    // The clock was last set by the newest bid (bids are newest first), or by the nomination.
    auction ? (auction.bids[0]?.at ?? auction.startedAt) : null,
  );
  useCompleteWhenDue(auction, msLeft, paused);

  return (
    <Card title="Live Auction">
      <div className="space-y-4">
        {auction ? (
          <ActiveAuction {...props} auction={auction} msLeft={msLeft} />
        ) : (
          <div className="flex items-start gap-3 text-sm text-slate-500">
            <Gavel aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
            <p>{idleText(draftStatus)}</p>
          </div>
        )}
        {lastCompleted && <LastSale auction={lastCompleted} teams={teams} />}
      </div>
    </Card>
  );
}

function ActiveAuction({
  auction,
  msLeft,
  paused,
  biddingTeam,
  playersPerTeam,
  teamChooser,
}: LiveAuctionPanelProps & { auction: Auction; msLeft: number | null }) {
  const expired = msLeft === 0 && !paused;
  useOutbidNotice(auction, biddingTeam?._id ?? null);
  const value = useAuctionValue(auction.draftId, auction.playerId);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Up for auction</p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate text-xl font-bold text-slate-900" data-testid="auction-player">
              {auction.playerName}
            </span>
            <PositionBadge position={auction.position} />
          </p>
          <p className="text-sm wrap-anywhere text-slate-500">
            {auction.nflTeam} · Proj. {pointsText(auction.projectedPoints)} · Nominated by{' '}
            {auction.nominatedBy.name}
          </p>
        </div>
        <div className="text-right">
          <Countdown ms={msLeft} label="Time left" paused={paused} />
          {expired && <p className="text-xs text-slate-500">Closing…</p>}
        </div>
      </div>
      <div className="flex items-baseline justify-between gap-3 rounded-lg bg-indigo-50 px-4 py-3">
        <span className="shrink-0 text-sm text-indigo-900">Current bid</span>
        {/* min-w-0: a long bidder name (50 characters, no spaces) shortens instead of pushing the amount out. */}
        <span className="min-w-0 text-right">
          <span className="block text-2xl font-bold text-indigo-900 tabular-nums" aria-label="Current bid">
            {formatDollars(auction.currentBid)}
          </span>
          <span
            className="block truncate text-sm text-indigo-800"
            aria-label="High bidder"
            title={auction.currentBidder.name}
          >
            {auction.currentBidder.name}
          </span>
          {value !== null && (
            <span className="block text-sm text-emerald-700 tabular-nums" aria-label="Auction value">
              Value {formatDollars(value)}
            </span>
          )}
        </span>
      </div>
      <BidHistory bids={auction.bids} />
      {teamChooser}
      <BidBox auction={auction} context={{ auction, paused, team: biddingTeam, playersPerTeam, expired }} />
      {biddingTeam && (
        <ProxyBidBox
          auction={auction}
          team={biddingTeam}
          playersPerTeam={playersPerTeam}
          disabled={paused || expired || auction.status !== 'active'}
        />
      )}
    </>
  );
}
