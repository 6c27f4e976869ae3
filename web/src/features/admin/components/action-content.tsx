import clsx from 'clsx';
import { LoaderCircle, type LucideIcon } from 'lucide-react';

/** A quick action card: the whole card is the button or link. */
export const CARD_CLASSES = clsx(
  'group flex h-full w-full items-start gap-4 rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200',
  'transition hover:shadow-md hover:ring-indigo-300',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  'disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:shadow-sm disabled:hover:ring-slate-200',
);

const ICON_TONES = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  sky: 'bg-sky-50 text-sky-600',
  amber: 'bg-amber-50 text-amber-600',
} as const;

export interface ActionContentProps {
  title: string;
  caption: string;
  icon: LucideIcon;
  tone: keyof typeof ICON_TONES;
  titleId: string;
  captionId: string;
  spinning?: boolean;
}

/** Icon, title and caption of a quick action card. */
export function ActionContent({
  title,
  caption,
  icon: Icon,
  tone,
  titleId,
  captionId,
  spinning,
}: ActionContentProps) {
  const ShownIcon = spinning ? LoaderCircle : Icon;
  return (
    <>
      <span
        className={clsx('flex size-11 shrink-0 items-center justify-center rounded-lg', ICON_TONES[tone])}
      >
        <ShownIcon aria-hidden="true" className={clsx('size-6', spinning && 'animate-spin')} />
      </span>
      <span className="min-w-0">
        <span id={titleId} className="block font-semibold text-slate-900">
          {title}
        </span>
        <span id={captionId} className="mt-1 block text-sm text-slate-500">
          {caption}
        </span>
      </span>
    </>
  );
}
