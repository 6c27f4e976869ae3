import type { AuditEvent, TeamRef } from '@auction/contracts';
import { useId } from 'react';
import { ALL, describeEvent, type TimelineFilter } from '../audit-view.js';

const select = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

export interface AuditTimelineProps {
  events: readonly AuditEvent[];
  types: readonly string[];
  teams: readonly TeamRef[];
  filter: TimelineFilter;
  onFilter: (filter: TimelineFilter) => void;
  teamName: (id: string) => string;
  /** The scrubber's position: that event is highlighted. */
  at: number;
  onSelect: (version: number) => void;
}

/** The draft's events, oldest first, filtered by type and team; a version button moves the scrubber there. */
export function AuditTimeline({
  events,
  types,
  teams,
  filter,
  onFilter,
  teamName,
  at,
  onSelect,
}: AuditTimelineProps) {
  const typeId = useId();
  const teamId = useId();
  return (
    <div>
      <div className="flex flex-wrap gap-3 border-b border-slate-100 px-5 py-3">
        <label htmlFor={typeId} className="flex items-center gap-2 text-sm text-slate-600">
          Event type
          <select
            id={typeId}
            className={select}
            value={filter.type}
            onChange={(e) => onFilter({ ...filter, type: e.target.value })}
          >
            <option value={ALL}>All types</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={teamId} className="flex items-center gap-2 text-sm text-slate-600">
          Team
          <select
            id={teamId}
            className={select}
            value={filter.teamId}
            onChange={(e) => onFilter({ ...filter, teamId: e.target.value })}
          >
            <option value={ALL}>All teams</option>
            {teams.map((team) => (
              <option key={team._id} value={team._id}>
                {team.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {events.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">No events match these filters.</p>
      ) : (
        <ol aria-label="Timeline" className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
          {events.map((event) => (
            <li
              key={event.streamVersion}
              aria-label={`Event ${event.streamVersion}`}
              aria-current={event.streamVersion === at ? 'step' : undefined}
              className={event.streamVersion === at ? 'bg-indigo-50' : undefined}
            >
              <div className="flex items-start gap-3 px-5 py-2 text-sm">
                <button
                  type="button"
                  aria-label={`Replay to event ${event.streamVersion}`}
                  onClick={() => onSelect(event.streamVersion)}
                  className="w-12 shrink-0 rounded text-left font-mono text-indigo-700 tabular-nums hover:underline"
                >
                  #{event.streamVersion}
                </button>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{event.type}</p>
                  <p className="text-slate-600">{describeEvent(event, teamName)}</p>
                </div>
                <div className="shrink-0 text-right text-xs text-slate-500">
                  <p>{new Date(event.recordedAt).toLocaleTimeString()}</p>
                  <p>{event.actor?.username ?? 'server'}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
