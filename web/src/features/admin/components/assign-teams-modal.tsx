import { assignTeamsRequestSchema, type Draft, type Team } from '@auction/contracts';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { Button, Modal } from '../../../shared/ui/index.js';
import { usePendingAction } from './use-pending-action.js';

export interface AssignTeamsModalProps {
  draft: Pick<Draft, '_id' | 'name' | 'teams'>;
  /** Every team of the league: any of them may be put into the draft. */
  teams: readonly Pick<Team, '_id' | 'name' | 'teamNumber' | 'ownerId'>[];
  /** Sends the chosen team ids; it reports its own success or failure and closes the dialog on success. */
  onAssign: (teamIds: string[]) => Promise<void>;
  onClose: () => void;
}

/** The draft's current teams that still exist, so "Selected" never counts a team the list does not show. */
function initialSelection(draft: AssignTeamsModalProps['draft'], teams: AssignTeamsModalProps['teams']) {
  const known = new Set(teams.map((team) => team._id));
  return new Set(draft.teams.map((team) => team._id).filter((id) => known.has(id)));
}

export function AssignTeamsModal({ draft, teams, onAssign, onClose }: AssignTeamsModalProps) {
  const listLabelId = useId();
  // Opening pre-selects the draft's current teams; later list refreshes do not overwrite the admin's choice.
  const [selected, setSelected] = useState(() => initialSelection(draft, teams));
  const [assign, assigning] = usePendingAction(onAssign);

  const allSelected = teams.length > 0 && teams.every((team) => selected.has(team._id));
  const selectedIds = teams.filter((team) => selected.has(team._id)).map((team) => team._id);
  const count = selectedIds.length;
  // The request's own schema, as the server checks it: "A draft takes at most 12 teams" before sending, not after.
  const checked = assignTeamsRequestSchema.safeParse({ teamIds: selectedIds });
  const problem = count > 0 && !checked.success ? checked.error.issues[0]?.message : undefined;

  const toggle = (teamId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(teamId)) next.delete(teamId);
      else next.add(teamId);
      return next;
    });

  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(teams.map((team) => team._id)));

  return (
    <Modal
      title="Assign Teams"
      description={<>Choose the teams that take part in {draft.name}.</>}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assigning}>
            Cancel
          </Button>
          <Button
            disabled={count === 0 || problem !== undefined}
            loading={assigning}
            onClick={() => void assign(selectedIds)}
          >
            Assign {count} Teams
          </Button>
        </>
      }
    >
      {teams.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">No teams available. Create teams first.</p>
      ) : (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-3">
            <p id={listLabelId} className="text-sm font-medium text-slate-700">
              Available Teams: {teams.length}
            </p>
            <Button variant="ghost" size="sm" onClick={toggleAll}>
              {allSelected ? 'Deselect All' : 'Select All'}
            </Button>
          </div>
          <ul aria-labelledby={listLabelId} className="max-h-80 space-y-2 overflow-y-auto">
            {teams.map((team) => {
              const checked = selected.has(team._id);
              const nameId = `${listLabelId}-${team._id}-name`;
              const detailId = `${listLabelId}-${team._id}-detail`;
              return (
                <li key={team._id}>
                  <label
                    className={clsx(
                      'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 ring-1 ring-inset transition-colors',
                      'has-focus-visible:ring-2 has-focus-visible:ring-indigo-600',
                      checked ? 'bg-indigo-50 ring-indigo-200' : 'ring-slate-200 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(team._id)}
                      aria-labelledby={nameId}
                      aria-describedby={detailId}
                      className="size-4 rounded border-slate-300 text-indigo-600 accent-indigo-600"
                    />
                    <span className="min-w-0 flex-1">
                      <span id={nameId} className="block truncate font-medium text-slate-900">
                        {team.name}
                      </span>
                      <span id={detailId} className="block text-xs text-slate-500">
                        Team #{team.teamNumber} &middot;{' '}
                        {team.ownerId ? team.ownerId.username : 'No owner assigned'}
                      </span>
                    </span>
                    {checked && <Check aria-hidden="true" className="size-4 text-indigo-600" />}
                  </label>
                </li>
              );
            })}
          </ul>
          <p aria-live="polite" className="text-sm text-slate-600">
            Selected: {count} teams
          </p>
          {problem && (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
