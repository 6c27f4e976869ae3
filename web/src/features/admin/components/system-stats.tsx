import { Card } from '../../../shared/ui/index.js';
import type { AdminStats } from '../admin-stats.js';

const ROWS: { key: keyof AdminStats; label: string; tone: string }[] = [
  { key: 'totalDrafts', label: 'Total Drafts', tone: 'text-slate-900' },
  { key: 'activeDrafts', label: 'Active Drafts', tone: 'text-green-600' },
  { key: 'completedDrafts', label: 'Completed Drafts', tone: 'text-slate-600' },
  { key: 'totalTeams', label: 'Total Teams', tone: 'text-slate-900' },
  { key: 'teamsWithOwners', label: 'Teams with Owners', tone: 'text-indigo-600' },
];

export function SystemStats({ stats }: { stats: AdminStats }) {
  return (
    <Card title="System Stats" aria-label="System Stats">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5 lg:grid-cols-1 lg:gap-0 lg:divide-y lg:divide-slate-100">
        {ROWS.map(({ key, label, tone }) => (
          <div
            key={key}
            className="flex flex-col-reverse gap-1 lg:flex-row lg:items-center lg:justify-between lg:py-3"
          >
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className={`text-2xl font-semibold lg:text-lg ${tone}`}>{stats[key]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
