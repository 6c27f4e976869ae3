import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../shared/ui/button.js';

/** A slider over the draft's stream versions, with one-event steps either way. */
export function ReplayScrubber({
  at,
  lastVersion,
  eventLabel,
  onChange,
}: {
  at: number;
  lastVersion: number;
  /** What event `at` is (its type), shown beside the slider. */
  eventLabel: string | null;
  onChange: (version: number) => void;
}) {
  const sliderId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button
        size="sm"
        variant="secondary"
        aria-label="Step back"
        icon={<ChevronLeft aria-hidden="true" className="size-4" />}
        disabled={at <= 1}
        onClick={() => onChange(at - 1)}
      />
      <label htmlFor={sliderId} className="sr-only">
        Event number
      </label>
      <input
        id={sliderId}
        type="range"
        min={1}
        max={lastVersion}
        value={at}
        onChange={(e) => onChange(Number(e.target.value))}
        className="flex-1 accent-indigo-600"
      />
      <Button
        size="sm"
        variant="secondary"
        aria-label="Step forward"
        icon={<ChevronRight aria-hidden="true" className="size-4" />}
        disabled={at >= lastVersion}
        onClick={() => onChange(at + 1)}
      />
      <p className="text-sm text-slate-700 tabular-nums" aria-live="polite">
        Event {at} of {lastVersion}
        {eventLabel ? ` · ${eventLabel}` : ''}
      </p>
    </div>
  );
}
