import type { VerifyData } from '@auction/contracts';
import clsx from 'clsx';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { verifyText } from '../audit-view.js';

/** The hash chain's verdict (ADR 0009): green when every event's hash matches, red at the first that does not. */
export function VerifyBadge({ verify }: { verify: VerifyData | undefined }) {
  if (!verify) {
    return (
      <span role="status" className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-600">
        Verifying…
      </span>
    );
  }
  const Icon = verify.ok ? ShieldCheck : ShieldAlert;
  return (
    <span
      role="status"
      title={verify.reason ?? undefined}
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        verify.ok ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {verifyText(verify)}
    </span>
  );
}
