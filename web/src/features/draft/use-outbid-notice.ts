import type { Auction } from '@auction/contracts';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';

export const OUTBID_TOAST = (bidder: string, amount: number) => `Outbid: ${bidder} bid $${amount}`;

/**
 * Toasts once when `teamId` loses the lead of the open auction (a rival's bid, or the maximum bid that answered
 * it). A bid answered at once by a maximum never led here: the bid box says so itself.
 */
export function useOutbidNotice(auction: Auction | null, teamId: string | null): void {
  /** The auction the team led when last seen (null when it did not lead): a new copy of it toasts nothing. */
  const led = useRef<string | null>(null);
  useEffect(() => {
    if (!auction || !teamId) return;
    const leads = auction.currentBidder._id === teamId;
    if (led.current === auction._id && !leads) {
      toast.error(OUTBID_TOAST(auction.currentBidder.name, auction.currentBid), {
        id: `outbid-${auction._id}`,
      });
    }
    led.current = leads ? auction._id : null;
  }, [auction, teamId]);
}
