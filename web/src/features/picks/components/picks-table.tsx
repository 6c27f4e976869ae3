import type { Draft, DraftTeam, Pick } from '@auction/contracts';
import { Pencil, Save, Undo2, X } from 'lucide-react';
import { formatDollars } from '../../../shared/ui/budget.js';
import { Button } from '../../../shared/ui/button.js';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { EDIT_POSITIONS, type PickEdit } from '../picks-view.js';
import { teamLabel } from '../../../shared/ui/team-label.js';

export interface PicksTableProps {
  picks: readonly Pick[];
  drafts: readonly Draft[];
  /** Teams a pick can move to, by draft id (the draft's teams). */
  teamsOf: (draftId: string) => readonly DraftTeam[];
  edit: PickEdit | null;
  onEdit: (pick: Pick) => void;
  onChange: (edit: PickEdit) => void;
  onSave: () => void;
  onCancel: () => void;
  onUndo: (pick: Pick) => void;
}

// Names without spaces (a 100-character player or draft name) wrap anywhere, so the table fits and Actions stay in view.
const HEADERS = ['Pick #', 'Player', 'Position', 'NFL Team', 'Fantasy Team', 'Cost', 'Draft', 'Actions'];
const cell = 'px-3 py-2 align-middle';
const input =
  'block w-full rounded-md border-0 px-2 py-1 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none';

const KEEPER_HINT = "A keeper: change it in the admin dashboard's Keepers dialog until the draft starts";

export function PicksTable(props: PicksTableProps) {
  const { picks, drafts } = props;
  const draftOf = (id: string) => drafts.find((draft) => draft._id === id);
  // Corrections are for started drafts (docs/product.md §4.7): before the start a pick is a keeper, which the server
  // refuses to edit or undo here (409 The draft has not started).
  const notStarted = (pick: Pick) => (draftOf(pick.draftId)?.status ?? pick.draftStatus) === 'created';
  return (
    <div className="overflow-x-auto">
      <table aria-label="Draft picks" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className={cell}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {picks.map((pick) =>
            props.edit?.pickId === pick._id ? (
              <EditRow key={pick._id} pick={pick} {...props} edit={props.edit} />
            ) : (
              <tr key={pick._id}>
                <td className={`${cell} font-semibold tabular-nums`}>#{pick.pickNumber}</td>
                <td className={cell}>
                  <span className="block font-medium wrap-anywhere text-slate-900">{pick.playerName}</span>
                  <span className="block text-xs text-slate-500">ID: {pick.playerId}</span>
                </td>
                <td className={cell}>
                  <PositionBadge position={pick.position} />
                </td>
                <td className={cell}>{pick.nflTeam}</td>
                <td className={`${cell} wrap-anywhere`}>{pick.teamId.name}</td>
                <td className={`${cell} tabular-nums`}>{formatDollars(pick.cost)}</td>
                <td className={cell}>
                  <span className="flex flex-wrap items-center gap-2 wrap-anywhere">
                    {pick.draftName}
                    <StatusBadge status={draftOf(pick.draftId)?.status ?? pick.draftStatus} />
                  </span>
                </td>
                <td className={cell}>
                  <span className="flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit pick #${pick.pickNumber}: ${pick.playerName}`}
                      disabled={props.edit !== null || notStarted(pick)}
                      title={notStarted(pick) ? KEEPER_HINT : undefined}
                      icon={<Pencil aria-hidden="true" className="size-4" />}
                      onClick={() => props.onEdit(pick)}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Undo pick #${pick.pickNumber}: ${pick.playerName}`}
                      disabled={props.edit !== null || notStarted(pick)}
                      title={notStarted(pick) ? KEEPER_HINT : undefined}
                      icon={<Undo2 aria-hidden="true" className="size-4 text-red-600" />}
                      onClick={() => props.onUndo(pick)}
                    />
                  </span>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function EditRow({
  pick,
  edit,
  teamsOf,
  drafts,
  onChange,
  onSave,
  onCancel,
}: PicksTableProps & { pick: Pick; edit: PickEdit }) {
  const set = (field: keyof PickEdit) => (event: { target: { value: string } }) =>
    onChange({ ...edit, [field]: event.target.value });
  const teams = teamsOf(pick.draftId);
  const draft = drafts.find((candidate) => candidate._id === pick.draftId);
  // The pick's own team is always offered, even when the draft list does not know it.
  const options = teams.some((team) => team._id === pick.teamId._id) ? teams : [pick.teamId, ...teams];
  return (
    <tr className="bg-indigo-50/40">
      <td className={`${cell} font-semibold tabular-nums`}>#{pick.pickNumber}</td>
      <td className={cell}>
        <input
          aria-label="Player name"
          className={input}
          value={edit.playerName}
          onChange={set('playerName')}
        />
        <span className="block text-xs text-slate-500">ID: {pick.playerId}</span>
      </td>
      <td className={cell}>
        <select aria-label="Position" className={input} value={edit.position} onChange={set('position')}>
          {EDIT_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {position}
            </option>
          ))}
        </select>
      </td>
      <td className={cell}>
        <input aria-label="NFL team" className={input} value={edit.nflTeam} onChange={set('nflTeam')} />
      </td>
      <td className={cell}>
        <select aria-label="Fantasy team" className={input} value={edit.teamId} onChange={set('teamId')}>
          {options.map((team) => (
            <option key={team._id} value={team._id}>
              {teamLabel(team)}
            </option>
          ))}
        </select>
      </td>
      <td className={cell}>
        <input
          aria-label="Cost"
          inputMode="numeric"
          className={`${input} w-20`}
          value={edit.cost}
          onChange={set('cost')}
        />
      </td>
      <td className={cell}>
        <span className="flex flex-wrap items-center gap-2">
          {pick.draftName}
          <StatusBadge status={draft?.status ?? pick.draftStatus} />
        </span>
      </td>
      <td className={cell}>
        <span className="flex gap-1">
          <Button size="sm" icon={<Save aria-hidden="true" className="size-4" />} onClick={onSave}>
            Save
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={onCancel}
          >
            Cancel
          </Button>
        </span>
      </td>
    </tr>
  );
}
