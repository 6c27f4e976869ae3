import clsx from 'clsx';
import { useId, type HTMLAttributes, type ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** A heading shown in the card's header row. */
  title?: ReactNode;
  /** Buttons or links at the right of the header row. */
  actions?: ReactNode;
  /** Removes the body padding (lists that run edge to edge). */
  flush?: boolean;
}

export function Card({ title, actions, flush = false, className, children, ...rest }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={clsx('overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200', className)}
      {...rest}
    >
      {(title || actions) && (
        <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
          {title && (
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
          )}
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={clsx(!flush && 'p-5')}>{children}</div>
    </section>
  );
}
