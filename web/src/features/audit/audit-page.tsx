import { skipToken } from '@reduxjs/toolkit/query/react';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetAuditEventsQuery, useGetReplayQuery, useGetVerifyQuery } from './api/audit.api.js';
import { isApiError } from '../../shared/api/api-error.js';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value.js';
import { DownloadResultsButton } from '../../shared/results/download-results-button.js';
import { Button } from '../../shared/ui/button.js';
import { Card } from '../../shared/ui/card.js';
import { EmptyState } from '../../shared/ui/empty-state.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { LoadingState } from '../../shared/ui/spinner.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import {
  ALL,
  eventTypesOf,
  filterEvents,
  spendByPosition,
  spendByTeam,
  teamNamer,
  type TimelineFilter,
} from './audit-view.js';
import { AuditTimeline } from './components/audit-timeline.js';
import { ReplayScrubber } from './components/replay-scrubber.js';
import { SpendChart } from './components/spend-chart.js';
import { StandingsAtPoint } from './components/standings-at-point.js';
import { VerifyBadge } from './components/verify-badge.js';

/** Dragging the slider asks the server once it rests this long. */
export const SCRUB_SETTLE_MS = 150;

/** /admin/drafts/:draftId/audit: the draft's event log, replayable event by event, with its hash-chain check. */
export function AuditPage() {
  const { draftId = '' } = useParams();
  // Keyed by draft: moving to another draft's audit in the same tab starts afresh, rather than showing the previous
  // draft's log (RTK Query's `data` keeps the previous argument's answer) or keeping its replay point and filters.
  return <DraftAudit key={draftId} draftId={draftId} />;
}

function DraftAudit({ draftId }: { draftId: string }) {
  const navigate = useNavigate();
  const latest = useGetReplayQuery({ draftId });
  const events = useGetAuditEventsQuery(draftId);
  const verify = useGetVerifyQuery(draftId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [filter, setFilter] = useState<TimelineFilter>({ type: ALL, teamId: ALL });

  const lastVersion = latest.data?.lastVersion ?? 0;
  const at = chosen ?? lastVersion;
  const settledAt = useDebouncedValue(at, SCRUB_SETTLE_MS);
  const scrubbed = useGetReplayQuery(
    latest.data && settledAt > 0 && settledAt !== lastVersion ? { draftId, at: settledAt } : skipToken,
  );
  // Until the slider moves (or while it rests on the last event) the whole log's replay is the point shown.
  const point =
    chosen === null || settledAt === lastVersion ? latest.data : (scrubbed.currentData ?? scrubbed.data);

  const allEvents = useMemo(() => events.data ?? [], [events.data]);
  const teams = useMemo(() => (latest.data?.teams ?? []).map((entry) => entry.team), [latest.data]);
  const teamName = useMemo(() => teamNamer(teams), [teams]);
  const shown = useMemo(() => filterEvents(allEvents, filter), [allEvents, filter]);
  const back = (
    <Button
      variant="secondary"
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      onClick={() => navigate('/admin')}
    >
      Back to Admin
    </Button>
  );

  if (latest.isLoading) return <LoadingState />;
  if (!latest.data) {
    // A log changed outside the application cannot be replayed (409): the server names the event, the chain's verdict
    // says where it breaks.
    const tampered = isApiError(latest.error) && latest.error.status === 409 ? latest.error.message : null;
    return (
      <div>
        <PageHeader
          title="Draft audit"
          actions={
            <>
              {tampered !== null && <VerifyBadge verify={verify.data} />}
              {back}
            </>
          }
        />
        <Card>
          <EmptyState
            title={
              tampered !== null ? "This draft's log cannot be replayed" : "This draft's log could not be read"
            }
            hint={tampered ?? 'It may not exist, or you may not have access.'}
          />
        </Card>
      </div>
    );
  }
  const draft = { _id: draftId, name: latest.data.name, status: latest.data.status };
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Audit: ${latest.data.name}`}
        subtitle={<StatusBadge status={latest.data.status} />}
        actions={
          <>
            <VerifyBadge verify={verify.data} />
            <DownloadResultsButton draft={draft} size="md" />
            {back}
          </>
        }
      />
      <Card title="Replay">
        <ReplayScrubber
          at={at}
          lastVersion={lastVersion}
          eventLabel={point?.at === at ? point.event.type : null}
          onChange={(version) => setChosen(Math.min(Math.max(1, version), lastVersion))}
        />
        {point && (
          <div className="mt-5 space-y-5">
            <div className="flex flex-wrap gap-6">
              <SpendChart title="Spend by team" rows={spendByTeam(point)} />
              <SpendChart title="Spend by position" rows={spendByPosition(point)} />
            </div>
            <StandingsAtPoint teams={point.teams} />
          </div>
        )}
      </Card>
      <Card title={`Timeline (${shown.length} of ${allEvents.length} events)`} flush>
        {events.isLoading ? (
          <LoadingState />
        ) : (
          <AuditTimeline
            events={shown}
            types={eventTypesOf(allEvents)}
            teams={teams}
            filter={filter}
            onFilter={setFilter}
            teamName={teamName}
            at={at}
            onSelect={setChosen}
          />
        )}
      </Card>
    </div>
  );
}
