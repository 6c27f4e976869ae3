import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ServerEvents, type OpsFiguresData } from '@auction/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, ok } from '../../../test/fake-api.js';
import { installFakeLiveSocket, type FakeLiveSocket } from '../../../test/fake-live-socket.js';
import { renderScreen } from '../../../test/render-with-app.js';
import { durationText, opsStateOf, shareText } from '../ops-format.js';
import { OpsPage } from '../ops-page.js';

function series(bids: number[]): OpsFiguresData['bidsPerMinute']['series'] {
  return bids.map((count, i) => ({
    minute: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
    bids: count,
  }));
}

function makeFigures(overrides: Partial<OpsFiguresData> = {}): OpsFiguresData {
  return {
    generatedAt: '2026-01-01T12:30:00.000Z',
    kafkaEnabled: true,
    consumerRunning: true,
    activeDrafts: 2,
    draftsByStatus: { active: 2, completed: 1 },
    bidsPerMinute: { lastMinute: 7, lastFiveMinutesAverage: 4.4, series: series([0, 3, 7]) },
    bids: 10,
    averageAuctionLengthMs: 12_500,
    completedAuctions: 4,
    lastSecondBids: { windowMs: 3000, count: 3, ofBids: 12, share: 0.25 },
    relayLag: { events: 0, relayedPosition: 40, newestPosition: 40, ms: 0, checkpointUpdatedAt: null },
    consumerLag: {
      messages: 5,
      partitions: [{ partition: 0, highWatermark: 10, committedOffset: 5, lag: 5 }],
      measuredAt: '2026-01-01T12:30:00.000Z',
    },
    projectionLag: [{ name: 'draft_activity', position: 40, lag: 0 }],
    ...overrides,
  };
}

let figures: OpsFiguresData;
let api: ReturnType<typeof installFakeApi>;
let live: { socket: FakeLiveSocket; restore: () => void };

beforeEach(() => {
  figures = makeFigures();
  api = installFakeApi((call) => (call.path === '/ops/figures' ? ok(figures) : ok(null)));
  live = installFakeLiveSocket();
  listenersBefore = live.socket.listenerCount(ServerEvents.opsFigures);
});

afterEach(() => {
  cleanup();
  live.restore();
  api.restore();
});

/**
 * The page listens once its first answer is in. Stores of earlier tests keep their cache entries (and listeners) for
 * a while, so wait for one listener more than there were before this test rendered.
 */
let listenersBefore = 0;
async function listening(): Promise<void> {
  await waitFor(() => expect(live.socket.listenerCount(ServerEvents.opsFigures)).toBe(listenersBefore + 1));
}

const card = (label: string) => within(screen.getByRole('region', { name: label }));

describe('OpsPage', () => {
  it('shows each figure on its own card, with the bids-per-minute chart described', async () => {
    renderScreen(<OpsPage />, '/admin/ops');
    expect(await screen.findByRole('region', { name: 'Active drafts' })).toHaveTextContent('2');
    expect(card('Bids per minute').getByText('7')).toBeInTheDocument();
    expect(
      card('Bids per minute').getByText(/4\.4 on average over 5 minutes · 10 bids in all/),
    ).toBeInTheDocument();
    expect(
      card('Bids per minute').getByRole('img', {
        name: 'Bids per minute over the last 3 minutes: 10 bids, at most 7 in one minute',
      }),
    ).toBeInTheDocument();
    expect(card('Average auction length').getByText('12.5 s')).toBeInTheDocument();
    expect(card('Bids in the last 3 s').getByText('25%')).toBeInTheDocument();
    expect(card('Bids in the last 3 s').getByText('3 of 12 bids')).toBeInTheDocument();
    expect(card('Relay lag').getByText('Caught up')).toBeInTheDocument();
    expect(card('Consumer lag').getByText('5 messages')).toBeInTheDocument();
    expect(card('Projection lag').getByText('Caught up')).toBeInTheDocument();
    expect(card('Projection lag').getByText('draft_activity: 0 behind, at position 40')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/ops/figures']);
    expect(screen.queryByRole('region', { name: 'Ops status' })).not.toBeInTheDocument();
  });

  it('replaces the figures with every opsFigures push, without asking the server again', async () => {
    renderScreen(<OpsPage />, '/admin/ops');
    await screen.findByRole('region', { name: 'Active drafts' });
    await listening();
    act(() => {
      live.socket.serverSends(
        ServerEvents.opsFigures,
        makeFigures({
          generatedAt: '2026-01-01T12:30:05.000Z',
          activeDrafts: 5,
          relayLag: {
            events: 12,
            relayedPosition: 40,
            newestPosition: 52,
            ms: 2500,
            checkpointUpdatedAt: null,
          },
        }),
      );
    });
    await waitFor(() => expect(card('Active drafts').getByText('5')).toBeInTheDocument());
    expect(card('Relay lag').getByText('12 events · 2.5 s')).toBeInTheDocument();
    expect(
      card('Relay lag').getByRole('img', {
        name: 'Lag over the last 2 updates: relay 12 events, consumer 5 messages now',
      }),
    ).toBeInTheDocument();
    act(() => {
      live.socket.serverSends(
        ServerEvents.opsFigures,
        makeFigures({ activeDrafts: 5, projectionLag: [{ name: 'draft_activity', position: 40, lag: 12 }] }),
      );
    });
    await waitFor(() => expect(card('Projection lag').getByText('12 events behind')).toBeInTheDocument());
    // A malformed push is ignored.
    act(() => live.socket.serverSends(ServerEvents.opsFigures, { activeDrafts: 'lots' }));
    expect(card('Active drafts').getByText('5')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('explains KAFKA_BROKERS, npm run relay and npm run ops when Kafka is not configured', async () => {
    figures = makeFigures({
      kafkaEnabled: false,
      consumerRunning: false,
      activeDrafts: 0,
      draftsByStatus: {},
      bids: 0,
      completedAuctions: 0,
      relayLag: null,
      consumerLag: null,
    });
    renderScreen(<OpsPage />, '/admin/ops');
    const status = within(await screen.findByRole('region', { name: 'Ops status' }));
    expect(status.getByText('Kafka is not configured')).toBeInTheDocument();
    expect(status.getAllByText('KAFKA_BROKERS')).not.toHaveLength(0);
    expect(status.getByText('npm run relay')).toBeInTheDocument();
    expect(status.getByText('npm run ops')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Active drafts' })).not.toBeInTheDocument();
    // The API's own projections do not need Kafka: their lag shows anyway.
    expect(card('Projection lag').getByText('Caught up')).toBeInTheDocument();

    await listening();
    act(() =>
      live.socket.serverSends(ServerEvents.opsFigures, makeFigures({ generatedAt: '2026-01-01T12:31:00Z' })),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Ops status' })).not.toBeInTheDocument());
    expect(card('Active drafts').getByText('2')).toBeInTheDocument();
  });

  it('says the consumer is down when Kafka is configured but the consumer stopped reporting', async () => {
    figures = makeFigures({ consumerRunning: false });
    renderScreen(<OpsPage />, '/admin/ops');
    const status = within(await screen.findByRole('region', { name: 'Ops status' }));
    expect(status.getByText('Ops consumer not running')).toBeInTheDocument();
    // Figures already stored stay visible under the notice.
    expect(card('Active drafts').getByText('2')).toBeInTheDocument();
  });
});

describe('ops-format', () => {
  it('formats durations, shares and states', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(950)).toBe('950 ms');
    expect(durationText(95_000)).toBe('1 min 35 s');
    expect(shareText(null)).toBe('—');
    expect(shareText(0.333)).toBe('33%');
    expect(opsStateOf({ kafkaEnabled: true, consumerRunning: true })).toBe('live');
    expect(opsStateOf({ kafkaEnabled: false, consumerRunning: false })).toBe('kafka-off');
    expect(opsStateOf({ kafkaEnabled: true, consumerRunning: false })).toBe('consumer-down');
  });
});
