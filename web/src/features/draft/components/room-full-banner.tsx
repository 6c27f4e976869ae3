import { TOO_MANY_ROOM_SOCKETS_MESSAGE } from '@auction/contracts';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../shared/ui/button.js';

/**
 * docs/product.md §14 (Tabs per room): the server did not let this tab into the room, so nothing live reaches it.
 * Stays until a join succeeds, unlike the toast that says it once.
 */
export function RoomFullBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-xl bg-red-50 px-5 py-4 text-red-900 ring-1 ring-red-300 ring-inset"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-600" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{TOO_MANY_ROOM_SOCKETS_MESSAGE}</p>
        <p className="text-sm">Until then this page shows no live bids, sales or chat.</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
