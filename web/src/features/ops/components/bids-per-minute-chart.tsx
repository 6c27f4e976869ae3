import type { OpsFiguresData } from '@auction/contracts';
import { Bar, BarChart, Tooltip, XAxis, YAxis } from 'recharts';
import { minuteLabel } from '../ops-format.js';

type Series = OpsFiguresData['bidsPerMinute']['series'];

/** Screen readers get the series as one sentence; the bars are decoration for them. */
export function seriesDescription(series: Series): string {
  if (series.length === 0) return 'No bids per minute recorded';
  const peak = Math.max(...series.map((point) => point.bids));
  const total = series.reduce((sum, point) => sum + point.bids, 0);
  return `Bids per minute over the last ${series.length} minutes: ${total} bids, at most ${peak} in one minute`;
}

/** The last 30 minutes of bids per minute as small bars. */
export function BidsPerMinuteChart({ series }: { series: Series }) {
  const data = series.map((point) => ({ minute: minuteLabel(point.minute), bids: point.bids }));
  return (
    <figure role="img" aria-label={seriesDescription(series)} className="m-0">
      <BarChart width={280} height={90} data={data} margin={{ top: 4, right: 0, bottom: 0, left: -28 }}>
        <XAxis dataKey="minute" tick={{ fontSize: 10 }} interval={9} tickLine={false} />
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={40} tickLine={false} />
        <Tooltip />
        <Bar dataKey="bids" fill="#6366f1" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
