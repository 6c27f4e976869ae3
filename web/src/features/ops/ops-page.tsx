import type { OpsFiguresData } from '@auction/contracts';
import { Activity, ArrowLeft, Gauge, Hourglass, Layers, Radio, Timer, Trophy } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useGetOpsFiguresQuery } from './api/ops.api.js';
import { Button } from '../../shared/ui/button.js';
import { Card } from '../../shared/ui/card.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { LoadingState } from '../../shared/ui/spinner.js';
import { BidsPerMinuteChart } from './components/bids-per-minute-chart.js';
import { FigureCard } from './components/figure-card.js';
import { LagHistoryChart } from './components/lag-history-chart.js';
import { OpsNotRunning } from './components/ops-not-running.js';
import {
  consumerLagText,
  durationText,
  opsStateOf,
  projectionLagCaption,
  projectionLagText,
  rateText,
  relayLagText,
  shareText,
} from './ops-format.js';
import { useLagHistory } from './use-lag-history.js';

function hasStoredFigures(figures: OpsFiguresData): boolean {
  return figures.bids > 0 || figures.completedAuctions > 0 || Object.keys(figures.draftsByStatus).length > 0;
}

function FigureGrid({
  figures,
  lagPoints,
}: {
  figures: OpsFiguresData;
  lagPoints: ReturnType<typeof useLagHistory>;
}) {
  const { lastSecondBids } = figures;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard label="Active drafts" value={String(figures.activeDrafts)} icon={Trophy} />
      <FigureCard
        label="Bids per minute"
        value={String(figures.bidsPerMinute.lastMinute)}
        caption={`${rateText(figures.bidsPerMinute.lastFiveMinutesAverage)} on average over 5 minutes · ${figures.bids} bids in all`}
        icon={Activity}
      >
        <BidsPerMinuteChart series={figures.bidsPerMinute.series} />
      </FigureCard>
      <FigureCard
        label="Average auction length"
        value={durationText(figures.averageAuctionLengthMs)}
        caption={`${figures.completedAuctions} auctions completed`}
        icon={Timer}
      />
      <FigureCard
        label="Bids in the last 3 s"
        value={shareText(lastSecondBids.share)}
        caption={`${lastSecondBids.count} of ${lastSecondBids.ofBids} bids`}
        icon={Hourglass}
      />
      <FigureCard label="Relay lag" value={relayLagText(figures.relayLag)} icon={Radio}>
        <LagHistoryChart points={lagPoints} />
      </FigureCard>
      <FigureCard
        label="Consumer lag"
        value={consumerLagText(figures.consumerLag)}
        caption={figures.consumerLag ? `${figures.consumerLag.partitions.length} partitions` : undefined}
        icon={Gauge}
      />
    </div>
  );
}

/** The API's own asynchronous projections (ADR 0022): shown whether or not Kafka runs. */
function ProjectionLagCard({ lag }: { lag: OpsFiguresData['projectionLag'] }) {
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard
        label="Projection lag"
        value={projectionLagText(lag)}
        caption={projectionLagCaption(lag)}
        icon={Layers}
      />
    </div>
  );
}

/** /admin/ops: the Kafka ops consumer's figures, refreshed live by `opsFigures` pushes. */
export function OpsPage() {
  const navigate = useNavigate();
  const { data: figures, isLoading, isError, refetch } = useGetOpsFiguresQuery();
  const lagPoints = useLagHistory(figures);
  const state = figures ? opsStateOf(figures) : null;
  return (
    <div>
      <PageHeader
        title="Ops"
        subtitle={
          figures
            ? `Live drafts through Kafka · updated ${new Date(figures.generatedAt).toLocaleTimeString()}`
            : 'Live drafts through Kafka'
        }
        actions={
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => navigate('/admin')}
          >
            Back to Admin
          </Button>
        }
      />
      {isLoading && <LoadingState />}
      {isError && !figures && (
        <Card>
          <p className="text-sm text-slate-600">The ops figures could not be loaded.</p>
          <Button className="mt-3" size="sm" variant="secondary" onClick={() => void refetch()}>
            Retry
          </Button>
        </Card>
      )}
      {figures && state !== 'live' && state !== null && (
        <Card className="mb-6" aria-label="Ops status">
          <OpsNotRunning state={state} />
        </Card>
      )}
      {figures && (state === 'live' || hasStoredFigures(figures)) && (
        <FigureGrid figures={figures} lagPoints={lagPoints} />
      )}
      {figures && <ProjectionLagCard lag={figures.projectionLag} />}
    </div>
  );
}
