import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** One ops figure: a label, the value, a caption; named by its label, so tests find it by `region` name. */
export function FigureCard({
  label,
  value,
  caption,
  icon: Icon,
  children,
}: {
  label: string;
  value: string;
  caption?: string;
  icon: LucideIcon;
  /** A small chart under the value. */
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <section
      aria-labelledby={labelId}
      className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon aria-hidden="true" className="size-4 text-indigo-500" />
        <h2 id={labelId}>{label}</h2>
      </div>
      <p className="text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      {caption && <p className="text-xs text-slate-500">{caption}</p>}
      {children}
    </section>
  );
}
