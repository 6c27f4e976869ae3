import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../shared/ui/spinner.js';
import { PageErrorBoundary } from './page-error-boundary.js';

/**
 * A route's screen whose code downloads the first time it renders, so a page pays for its own screens only. It loads
 * inside the route guards: guests and non-admins never download screens they may not open.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): ComponentType {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  function LazyPage() {
    return (
      <PageErrorBoundary>
        <Suspense fallback={<LoadingState />}>
          <Screen />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}
