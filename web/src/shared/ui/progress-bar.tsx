import clsx from 'clsx';

export interface ProgressBarProps {
  /** Done so far; `null` when not known yet (the bar then pulses and announces no number). */
  value: number | null;
  max: number;
  /** The bar's accessible name. */
  label: string;
  /** What a screen reader says instead of the bare number, e.g. "1,200 of 3,000 players". */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ value, max, label, valueText, className }: ProgressBarProps) {
  const known = value !== null && max > 0;
  const percent = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={known ? value : undefined}
      aria-valuetext={valueText}
      className={clsx('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div
        className={clsx(
          'h-full rounded-full bg-sky-500 transition-[width] duration-300',
          !known && 'animate-pulse opacity-40',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
