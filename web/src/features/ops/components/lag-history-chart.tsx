import { Line, LineChart, YAxis } from 'recharts';

export interface LagPoint {
  at: string;
  relay: number;
  consumer: number;
}

/** Relay and consumer lag over the figures received while the page is open (a sparkline, newest right). */
export function LagHistoryChart({ points }: { points: readonly LagPoint[] }) {
  const last = points.at(-1);
  const label = last
    ? `Lag over the last ${points.length} updates: relay ${last.relay} events, consumer ${last.consumer} messages now`
    : 'No lag measured yet';
  return (
    <figure role="img" aria-label={label} className="m-0">
      <LineChart
        width={280}
        height={70}
        data={[...points]}
        margin={{ top: 4, right: 4, bottom: 0, left: -28 }}
      >
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={40} tickLine={false} />
        <Line dataKey="relay" stroke="#6366f1" dot={false} isAnimationActive={false} />
        <Line dataKey="consumer" stroke="#f59e0b" dot={false} isAnimationActive={false} />
      </LineChart>
    </figure>
  );
}
