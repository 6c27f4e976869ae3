import { formatDollars } from '../../../shared/ui/budget.js';
import type { PicksSummary } from '../picks-view.js';

export function PicksSummaryCards({ summary }: { summary: PicksSummary }) {
  const cards: Array<[string, string]> = [
    ['Total Picks', String(summary.totalPicks)],
    ['Total Drafts', String(summary.totalDrafts)],
    ['Active Drafts', String(summary.activeDrafts)],
    ['Completed Drafts', String(summary.completedDrafts)],
    ['Average Cost', formatDollars(summary.averageCost)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
