import { Gavel } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred card that frames the sign-in, sign-up and password screens. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-100 px-4 py-10 sm:px-6">
      <main className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/30">
            <Gavel aria-hidden="true" className="size-7" />
          </span>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            Fantasy Auction Draft
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">{subtitle}</p>
        </div>
        <div className="rounded-2xl bg-white px-6 py-8 shadow-xl ring-1 shadow-slate-200/60 ring-slate-200 sm:px-8">
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}
