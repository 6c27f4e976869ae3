import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../../test/render-with-app.js';
import { lazyPage } from '../lazy-page.js';

afterEach(cleanup);

/** A module promise the test settles when it wants, as a slow network would. */
function deferredModule<Module>() {
  let resolve!: (module: Module) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Module>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { load: () => promise, resolve, reject };
}

describe('lazyPage', () => {
  it('shows "Loading..." until the screen has downloaded, then the screen', async () => {
    const module = deferredModule<{ Screen: () => React.JSX.Element }>();
    const Page = lazyPage(module.load, (m) => m.Screen);
    renderScreen(<Page />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    module.resolve({ Screen: () => <h1>Draft room</h1> });
    expect(await screen.findByRole('heading', { name: 'Draft room' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('offers a reload when the screen cannot be downloaded (e.g. a chunk of an older deployment)', async () => {
    const module = deferredModule<{ Screen: () => React.JSX.Element }>();
    const Page = lazyPage(module.load, (m) => m.Screen);
    const logged = console.error;
    console.error = () => {};
    try {
      renderScreen(<Page />);
      module.reject(new TypeError('Failed to fetch dynamically imported module'));
      expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    } finally {
      console.error = logged;
    }
  });
});
