import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../shared/ui/card.js';

/**
 * A panel of the draft room that the live draft fills in (auction, nomination, budgets, chat). Until then it says
 * what will be there rather than showing made-up data.
 */
export function RoomPlaceholder({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <div className="flex items-start gap-3 text-sm text-slate-500">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
        <p>{children}</p>
      </div>
    </Card>
  );
}
