const CAPACITY = 10_000;

/**
 * Which draft an auction belongs to, as far as this process knows (it opened the auction, or looked it up): the pair
 * never changes once written. The REST routes that name only an auction (`/api/auctions/{id}/bid`, `proxy`,
 * `complete`) are filed under their draft from the moment they arrive when it is known here, so another league's
 * clocks and bids do not wait for them (arrivalsInFlight).
 */
export class KnownAuctionDrafts {
  private readonly drafts = new Map<string, string>();

  draftOf(auctionId: string): string | undefined {
    return this.drafts.get(auctionId);
  }

  remember(auctionId: string, draftId: string): void {
    if (this.drafts.size >= CAPACITY && !this.drafts.has(auctionId)) this.drafts.clear();
    this.drafts.set(auctionId, draftId);
  }
}

/** One per process: the draft commit hook and the auction lookup write, the HTTP middleware reads. */
export const knownAuctionDrafts = new KnownAuctionDrafts();
