import { PauseCircle } from 'lucide-react';

/** The paused look: timers are frozen and bidding is off until an admin resumes. */
export function PausedBanner() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl bg-amber-50 px-5 py-4 text-amber-900 ring-1 ring-amber-300 ring-inset"
    >
      <PauseCircle aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
      <div>
        <p className="font-semibold">Draft paused</p>
        <p className="text-sm">Timers are frozen and bidding is disabled until an admin resumes the draft.</p>
      </div>
    </div>
  );
}
