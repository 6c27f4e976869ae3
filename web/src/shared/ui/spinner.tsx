import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Visible text beside the spinner; without it the spinner is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={clsx('animate-spin', SIZES[size], className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      {icon}
      <span>{label}</span>
    </span>
  );
}

/** A centred spinner with a text, for a whole screen or section that is loading. */
export function LoadingState({
  label = 'Loading...',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      className={clsx(
        'flex w-full flex-col items-center justify-center gap-3 text-slate-600',
        fullScreen ? 'min-h-screen' : 'py-16',
      )}
    >
      <Spinner size="lg" className="text-indigo-600" />
      <p role="status" className="text-sm font-medium">
        {label}
      </p>
    </div>
  );
}
