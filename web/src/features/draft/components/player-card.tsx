import type { Player } from '@auction/contracts';
import clsx from 'clsx';
import { HeartPulse } from 'lucide-react';
import { useId } from 'react';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import { adpText, jerseyText, pointsText, proTeamText } from '../player-format.js';

/**
 * One player of the 'Available Players' grid (docs/product.md §2.6 (Draft room): name, NFL team, jersey number or
 * '??', age if known, position badge, projected points to 1 decimal, ADP rounded if present, injury status), and its
 * auction value in the room's draft (ADR 0019). A drafted
 * player's card is dimmed and does nothing when clicked.
 */
export function PlayerCard({ player, onSelect }: { player: Player; onSelect: (player: Player) => void }) {
  const nameId = useId();
  const detailsId = useId();
  const drafted = player.isDrafted;
  const adp = adpText(player.adp);
  return (
    <button
      type="button"
      aria-labelledby={nameId}
      aria-describedby={detailsId}
      aria-disabled={drafted || undefined}
      onClick={drafted ? undefined : () => onSelect(player)}
      className={clsx(
        'flex h-full w-full flex-col gap-3 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 transition',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        drafted ? 'cursor-not-allowed opacity-50 grayscale' : 'hover:shadow-md hover:ring-indigo-300',
      )}
    >
      <span className="flex w-full items-start justify-between gap-2">
        <span className="min-w-0">
          <span id={nameId} className="block truncate font-semibold text-slate-900">
            {player.name}
          </span>
          <span className="block text-sm text-slate-500">
            {proTeamText(player.team)} · {jerseyText(player.jerseyNumber)}
            {player.age !== null && ` · Age ${player.age}`}
          </span>
        </span>
        <PositionBadge position={player.position} />
      </span>
      <span id={detailsId} className="flex w-full flex-wrap items-end gap-x-5 gap-y-2">
        <span>
          <span className="block text-xs text-slate-500">Proj. Pts</span>
          <span className="block font-semibold text-slate-900 tabular-nums">
            {pointsText(player.projectedPoints)}
          </span>
        </span>
        {!drafted && player.auctionValue !== null && (
          <span>
            <span className="block text-xs text-slate-500">Value</span>
            <span className="block font-semibold text-emerald-700 tabular-nums" data-testid="player-value">
              ${Math.round(player.auctionValue)}
            </span>
          </span>
        )}
        {adp !== null && (
          <span>
            <span className="block text-xs text-slate-500">ADP</span>
            <span className="block font-semibold text-slate-900 tabular-nums">{adp}</span>
          </span>
        )}
        {player.injuryStatus && (
          <span className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-600/20 ring-inset">
            <HeartPulse aria-hidden="true" className="size-3.5" />
            {player.injuryStatus}
          </span>
        )}
        {drafted && (
          <span className="ml-auto rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
            Drafted{player.cost !== null && ` · $${player.cost}`}
          </span>
        )}
      </span>
    </button>
  );
}
