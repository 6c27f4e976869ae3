import clsx from 'clsx';

/**
 * docs/product.md §9 (Constants): QB, RB, WR, TE, K and DEF each have a colour of their own; anything else is
 * neutral.
 */
const POSITION_CLASSES: Record<string, string> = {
  QB: 'bg-rose-100 text-rose-800 ring-rose-600/20',
  RB: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  WR: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  TE: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  K: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  DEF: 'bg-slate-700 text-white ring-slate-800/20',
  DST: 'bg-slate-700 text-white ring-slate-800/20',
};
const NEUTRAL = 'bg-slate-100 text-slate-700 ring-slate-500/20';

export function positionBadgeClass(position: string): string {
  return POSITION_CLASSES[position.toUpperCase()] ?? NEUTRAL;
}

export function PositionBadge({ position, className }: { position: string; className?: string }) {
  return (
    <span
      data-position={position}
      className={clsx(
        'inline-flex min-w-9 items-center justify-center rounded-md px-1.5 py-0.5 text-xs font-bold ring-1 ring-inset',
        positionBadgeClass(position),
        className,
      )}
    >
      {position || '?'}
    </span>
  );
}
