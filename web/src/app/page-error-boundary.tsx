import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../shared/ui/button.js';
import { EmptyState } from '../shared/ui/empty-state.js';

interface State {
  failed: boolean;
}

/**
 * A screen that failed to load or render. Screens are separate chunks: after a deployment the chunk an open tab asks
 * for may no longer exist, and reloading fetches the current ones. The header stays usable around it.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to load or render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <EmptyState
        title="This page could not be loaded"
        hint="The app may have been updated since you opened it."
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      />
    );
  }
}
