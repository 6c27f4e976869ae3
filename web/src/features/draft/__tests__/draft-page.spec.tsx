import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { renderRoutes } from '../../../test/render-with-app.js';
import { DraftPage } from '../draft-page.js';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const NOT_FOUND_HINT = "The draft you're looking for doesn't exist or you don't have access to it.";

describe('DraftPage', () => {
  it('shows "Draft not found" for an id that cannot exist, without asking the server', () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    renderRoutes([{ path: '/draft/:draftId', element: <DraftPage /> }], { path: '/draft/not-a-draft' });
    expect(screen.getByText('Draft not found')).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_HINT)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows "Draft not found" when the server does not know the draft', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Draft not found', data: null }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderRoutes([{ path: '/draft/:draftId', element: <DraftPage /> }], {
      path: '/draft/6ae87962-ea05-462f-8950-1a0151c0c52a',
    });
    expect(await screen.findByText('Draft not found')).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_HINT)).toBeInTheDocument();
  });
});
