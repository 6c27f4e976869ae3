import { Bar, BarChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { SpendRow } from '../audit-view.js';

/** Dollars spent per team or per position at the scrubbed event, as bars; its label lists the values. */
export function SpendChart({ title, rows }: { title: string; rows: readonly SpendRow[] }) {
  const label =
    rows.length === 0
      ? `${title}: nothing spent yet`
      : `${title}: ${rows.map((r) => `${r.name} $${r.spent}`).join(', ')}`;
  return (
    <figure role="img" aria-label={label} className="m-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{title}</figcaption>
      <BarChart width={320} height={160} data={[...rows]} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
        <XAxis dataKey="name" tick={{ fontSize: 10 }} interval={0} tickLine={false} />
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={44} tickLine={false} />
        <Tooltip />
        <Bar dataKey="spent" fill="#10b981" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
