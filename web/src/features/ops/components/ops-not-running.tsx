import { PlugZap } from 'lucide-react';
import { EmptyState } from '../../../shared/ui/empty-state.js';
import type { OpsState } from '../ops-format.js';

const code = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800';

/** Why there are no live figures, and how to start what is missing. */
export function OpsNotRunning({ state }: { state: Exclude<OpsState, 'live'> }) {
  return (
    <EmptyState
      icon={PlugZap}
      title={state === 'kafka-off' ? 'Kafka is not configured' : 'Ops consumer not running'}
      hint={
        <>
          {state === 'kafka-off' ? (
            <>
              The API has no <code className={code}>KAFKA_BROKERS</code>, so drafts run without Kafka and no
              ops figures are collected.
            </>
          ) : (
            <>The ops consumer has not reported for more than 30 seconds.</>
          )}{' '}
          Set <code className={code}>KAFKA_BROKERS</code> (e.g. <code className={code}>localhost:9092</code>),
          then start the relay with <code className={code}>npm run relay</code> and the ops consumer with{' '}
          <code className={code}>npm run ops</code>. This page updates by itself once they run.
        </>
      }
    />
  );
}
