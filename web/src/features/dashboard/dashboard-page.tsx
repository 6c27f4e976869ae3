import { CircleCheckBig, ClipboardList, Gavel, Plus, Trophy, Users, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import { selectCurrentUser, selectIsAdmin } from '../../app/auth-slice.js';
import { useAppSelector } from '../../app/hooks.js';
import { useGetDraftsQuery } from '../../shared/api/drafts.api.js';
import { useGetTeamsQuery } from '../../shared/api/teams.api.js';
import { RecentDrafts } from './components/recent-drafts.js';
import { StatCard } from './components/stat-card.js';
import { YourTeamCard } from './components/your-team-card.js';
import { dashboardCounters, ownTeam } from './dashboard-stats.js';

const actionLink = (primary: boolean) =>
  clsx(
    'inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
    primary
      ? 'bg-white text-indigo-700 hover:bg-indigo-50'
      : 'bg-indigo-500/40 text-white ring-1 ring-white/40 hover:bg-indigo-500/60',
  );

export function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  const isAdmin = useAppSelector(selectIsAdmin);
  // Failures toast centrally (docs/product.md §8.4 (Failure toasts): dashboard load is otherwise only logged); lists
  // fall back to empty.
  const drafts = useGetDraftsQuery();
  const teams = useGetTeamsQuery();
  const draftList = drafts.data ?? [];
  const teamList = teams.data ?? [];
  const counters = dashboardCounters(draftList, teamList);
  const myTeam = ownTeam(teamList, user?._id);

  return (
    <div className="space-y-6 lg:space-y-8">
      <section className="overflow-hidden rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 px-6 py-7 text-white shadow-md sm:px-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {user?.username}!</h1>
        <p className="mt-1 text-indigo-100">Here is what is happening in your league.</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/draft" className={actionLink(true)}>
            <Gavel aria-hidden="true" className="size-4" />
            Join Draft
          </Link>
          <Link to="/teams" className={actionLink(false)}>
            <Users aria-hidden="true" className="size-4" />
            View Teams
          </Link>
          {isAdmin && (
            <Link to="/admin" className={actionLink(false)}>
              <Plus aria-hidden="true" className="size-4" />
              Create Draft
            </Link>
          )}
        </div>
      </section>

      <section aria-label="League summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Drafts"
          value={counters.totalDrafts}
          icon={ClipboardList}
          tone="bg-blue-50 text-blue-600"
        />
        <StatCard
          label="Active Drafts"
          value={counters.activeDrafts}
          icon={Zap}
          tone="bg-green-50 text-green-600"
        />
        <StatCard
          label="Completed"
          value={counters.completedDrafts}
          icon={CircleCheckBig}
          tone="bg-slate-100 text-slate-600"
        />
        <StatCard label="Teams" value={counters.teams} icon={Trophy} tone="bg-amber-50 text-amber-600" />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <RecentDrafts drafts={draftList} loading={drafts.isLoading} isAdmin={isAdmin} />
        <YourTeamCard team={myTeam} loading={teams.isLoading} />
      </div>
    </div>
  );
}
