import type { Team } from '@auction/contracts';
import { UserPlus, UsersRound } from 'lucide-react';
import { Button, Card, EmptyState } from '../../../shared/ui/index.js';

export interface TeamManagementProps {
  teams: readonly Team[];
  onAssignOwner: (team: Team) => void;
}

export function TeamManagement({ teams, onAssignOwner }: TeamManagementProps) {
  return (
    <Card title="Team Management" flush aria-label="Team Management">
      {teams.length === 0 ? (
        <EmptyState
          title="No teams created yet"
          icon={UsersRound}
          hint="Use Create Team to add the first one."
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {teams.map((team) => (
            <li
              key={team._id}
              aria-label={team.name}
              className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 font-semibold text-indigo-700"
                >
                  {team.teamNumber}
                </span>
                <div className="min-w-0">
                  <h3 className="truncate font-medium text-slate-900">{team.name}</h3>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-500">
                    <span>Team #{team.teamNumber}</span>
                    <span aria-hidden="true">•</span>
                    {team.ownerId ? (
                      <span>
                        Owner: <span className="font-medium text-slate-700">{team.ownerId.username}</span>
                      </span>
                    ) : (
                      <span className="italic">No owner assigned</span>
                    )}
                  </p>
                </div>
              </div>
              <Button
                size="sm"
                variant="secondary"
                className="sm:shrink-0"
                icon={<UserPlus aria-hidden="true" className="size-4" />}
                onClick={() => onAssignOwner(team)}
              >
                {team.ownerId ? 'Change Owner' : 'Assign Owner'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
