import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeCall } from '../../../test/fake-api.js';
import { makeDraft } from '../../../test/fixtures.js';
import { renderScreen } from '../../../test/render-with-app.js';
import { DraftRoomHeader } from '../components/draft-room-header.js';

let api: ReturnType<typeof installFakeApi>;
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
const realClick = HTMLAnchorElement.prototype.click;
let saved: string[];

beforeEach(() => {
  saved = [];
  // The CSV is not an envelope: the fake answers its text as the body.
  api = installFakeApi((call: FakeCall) => ({ status: 200, body: `Team,Player\r\nHawks,${call.path}\r\n` }));
  URL.createObjectURL = () => 'blob:results';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});

afterEach(() => {
  cleanup();
  api.restore();
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  HTMLAnchorElement.prototype.click = realClick;
});

describe('DraftRoomHeader Download CSV', () => {
  it('is not offered while the draft is still running', () => {
    renderScreen(<DraftRoomHeader draft={makeDraft({ status: 'active' })} currentUserId={undefined} />);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('downloads the completed draft results as a CSV file', async () => {
    const draft = makeDraft({ name: 'Sunday League', status: 'completed' });
    renderScreen(<DraftRoomHeader draft={draft} currentUserId={undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['sunday-league-results.csv']));
    expect(api.calls.map((call) => call.path)).toEqual([`/drafts/${draft._id}/results.csv`]);
  });
});

describe('DraftRoomHeader Draft Board link', () => {
  it('links to the draft’s board (docs/product.md §2.11 (Draft board))', () => {
    const draft = makeDraft({ status: 'active' });
    renderScreen(<DraftRoomHeader draft={draft} currentUserId={undefined} />);
    expect(screen.getByRole('link', { name: 'Draft Board' })).toHaveAttribute(
      'href',
      `/draft/${draft._id}/board`,
    );
  });
});
