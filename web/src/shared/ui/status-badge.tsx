import clsx from 'clsx';

/**
 * docs/product.md §4.3 (Draft lifecycle): created blue, active green, paused amber, completed gray; any other status
 * neutral.
 */
const STATUS_CLASSES: Record<string, string> = {
  created: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  active: 'bg-green-50 text-green-700 ring-green-600/20',
  paused: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  completed: 'bg-gray-100 text-gray-600 ring-gray-500/20',
};
const NEUTRAL = 'bg-slate-50 text-slate-600 ring-slate-500/20';

export function statusBadgeClass(status: string): string {
  return STATUS_CLASSES[status.toLowerCase()] ?? NEUTRAL;
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        statusBadgeClass(status ?? ''),
        className,
      )}
    >
      {label}
    </span>
  );
}
