import type { OpsFiguresData } from '@auction/contracts';
import { useState } from 'react';
import type { LagPoint } from './components/lag-history-chart.js';

/** How many figure updates the lag sparkline keeps (at 5 s each, five minutes). */
export const LAG_HISTORY_SIZE = 60;

/**
 * Collects relay and consumer lag from each new set of figures (by `generatedAt`) while the page is open. New
 * figures are added while rendering (React's "adjust state when a prop changes"), not in an effect.
 */
export function useLagHistory(figures: OpsFiguresData | undefined): LagPoint[] {
  const [points, setPoints] = useState<LagPoint[]>([]);
  if (figures && points.at(-1)?.at !== figures.generatedAt) {
    const point = {
      at: figures.generatedAt,
      relay: figures.relayLag?.events ?? 0,
      consumer: figures.consumerLag?.messages ?? 0,
    };
    setPoints([...points, point].slice(-LAG_HISTORY_SIZE));
  }
  return points;
}
