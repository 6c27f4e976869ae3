import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { fail, installFakeApi } from '../../../test/fake-api.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { ToastTexts, toastTexts } from '../../../test/toast-texts.js';
import { DraftPage } from '../draft-page.js';

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  jest.restoreAllMocks();
});

const DRAFT_ID = '6ae87962-ea05-462f-8950-1a0151c0c52a';

function openWithToasts(path: string) {
  renderRoutes(
    [
      {
        path: '/draft/:draftId?',
        element: (
          <>
            <DraftPage />
            <ToastTexts />
          </>
        ),
      },
    ],
    { path },
  );
}

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
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
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

  it("toasts 'Failed to load draft' besides the call's own error when the draft cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = installFakeApi(() => fail(500, 'database down'));
    try {
      openWithToasts(`/draft/${DRAFT_ID}`);
      expect(await screen.findByText('Draft not found')).toBeInTheDocument();
      await waitFor(() =>
        expect(toastTexts().sort()).toEqual([
          'Failed to load draft',
          'Server error. Please try again later.',
        ]),
      );
    } finally {
      api.restore();
    }
  });

  it("toasts 'Failed to load draft' when /draft cannot load the drafts to open the live one", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = installFakeApi(() => fail(500, 'database down'));
    try {
      openWithToasts('/draft');
      await waitFor(() => expect(toastTexts()).toContain('Failed to load draft'));
    } finally {
      api.restore();
    }
  });
});
