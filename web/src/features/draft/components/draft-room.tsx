import type { Draft } from '@auction/contracts';
import { Gavel, Megaphone, MessagesSquare, Wallet } from 'lucide-react';
import { DraftRoomHeader } from './draft-room-header.js';
import { PlayerBrowser } from './player-browser.js';
import { RoomPlaceholder } from './room-placeholder.js';

function auctionNote(status: Draft['status']): string {
  if (status === 'created') return 'Live auction arrives when the draft starts.';
  if (status === 'completed') return 'This draft is complete: there is nothing left to bid on.';
  return 'Live bidding will show here: the current player, the highest bid and the countdown.';
}

/** The draft room (spec section 2): header, live panels, the player search and grid, team budgets and chat. */
export function DraftRoom({ draft, currentUserId }: { draft: Draft; currentUserId: string | undefined }) {
  return (
    <div className="space-y-6">
      <DraftRoomHeader draft={draft} currentUserId={currentUserId} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <div className="grid gap-6 md:grid-cols-2">
            <RoomPlaceholder title="Live Auction" icon={Gavel}>
              {auctionNote(draft.status)}
            </RoomPlaceholder>
            <RoomPlaceholder title="Nomination" icon={Megaphone}>
              Nominating a player for auction opens with the live auction.
            </RoomPlaceholder>
          </div>
          <PlayerBrowser />
        </div>
        <aside aria-label="Teams and chat" className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <RoomPlaceholder title="Team Budgets" icon={Wallet}>
            Each team&apos;s remaining budget and roster count show here during the live draft.
          </RoomPlaceholder>
          <RoomPlaceholder title="Draft Chat" icon={MessagesSquare}>
            Chat with the other managers here once the live draft room opens.
          </RoomPlaceholder>
        </aside>
      </div>
    </div>
  );
}
