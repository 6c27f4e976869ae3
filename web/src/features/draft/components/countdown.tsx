import clsx from 'clsx';
import { Timer } from 'lucide-react';
import { clockText, COUNTDOWN_TEXT_CLASS, countdownTone, secondsLeft } from '../auction-rules.js';

/**
 * A clock showing whole seconds left, coloured by the thresholds of docs/product.md §4.8 (The draft room in the
 * browser); `label` names it for screen readers.
 */
export function Countdown({
  ms,
  label,
  paused = false,
  size = 'lg',
}: {
  ms: number | null;
  label: string;
  paused?: boolean;
  size?: 'lg' | 'sm';
}) {
  if (ms === null) return null;
  const seconds = secondsLeft(ms);
  const tone = countdownTone(seconds);
  return (
    <p
      role="timer"
      aria-label={label}
      data-tone={paused ? 'paused' : tone}
      className={clsx(
        'inline-flex items-center gap-1.5 font-mono font-bold tabular-nums',
        size === 'lg' ? 'text-3xl' : 'text-lg',
        paused ? 'text-slate-400' : COUNTDOWN_TEXT_CLASS[tone],
      )}
    >
      <Timer aria-hidden="true" className={size === 'lg' ? 'size-6' : 'size-4'} />
      {clockText(seconds)}
    </p>
  );
}
