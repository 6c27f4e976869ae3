import { Users } from 'lucide-react';
import { selectCurrentUser, selectIsAdmin } from '../../app/auth-slice.js';
import { useAppSelector } from '../../app/hooks.js';
import { useGetTeamsQuery } from '../../shared/api/teams.api.js';
import { Card } from '../../shared/ui/card.js';
import { EmptyState } from '../../shared/ui/empty-state.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { LoadingState } from '../../shared/ui/spinner.js';
import { TeamCard } from './components/team-card.js';

export function TeamsPage() {
  const user = useAppSelector(selectCurrentUser);
  const isAdmin = useAppSelector(selectIsAdmin);
  const { data: teams = [], isLoading } = useGetTeamsQuery();

  return (
    <div>
      <PageHeader title="Fantasy Teams" subtitle="Track all teams, budgets, and rosters in the league" />
      {isLoading ? (
        <LoadingState />
      ) : teams.length === 0 ? (
        <Card>
          <EmptyState
            icon={Users}
            title="No Teams Yet"
            hint={isAdmin ? 'Create your first team to get started' : 'Wait for an admin to create teams'}
          />
        </Card>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
          {teams.map((team) => (
            <TeamCard key={team._id} team={team} isOwn={Boolean(user && team.ownerId?._id === user._id)} />
          ))}
        </div>
      )}
    </div>
  );
}
