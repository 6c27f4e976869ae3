import { expect, test as base, type BrowserContext } from '@playwright/test';

/**
 * Playwright's `test` with a log of what the pages of the test's own context did: navigations, API answers, failed
 * requests, console lines, page errors and every removal from local storage (with the stack that made it). It is
 * attached to a failed test only, so a failure that happens once in many runs can still be explained from its report.
 * Full traces would say more but slow every test down.
 */
export const test = base.extend<{ pageDiagnostics: void }>({
  pageDiagnostics: [
    async ({ context }, use, testInfo) => {
      const lines = await recordContext(context);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('page-diagnostics', { body: lines.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };

async function recordContext(context: BrowserContext): Promise<string[]> {
  const lines: string[] = [];
  const started = Date.now();
  const log = (line: string) => lines.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`);

  await context.addInitScript(() => {
    const removeItem = Storage.prototype.removeItem;
    Storage.prototype.removeItem = function (this: Storage, key: string) {
      console.debug(`[e2e] storage.removeItem(${key}) ${new Error().stack ?? ''}`);
      return removeItem.call(this, key);
    };
  });
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) log(`navigated ${frame.url()}`);
    });
    page.on('websocket', (socket) => {
      log(`socket opened ${socket.url()}`);
      socket.on('framesent', ({ payload }) => logSocketFrame('→', payload));
      socket.on('framereceived', ({ payload }) => logSocketFrame('←', payload));
      socket.on('close', () => log(`socket closed ${socket.url()}`));
    });
  });
  // Socket.IO event frames (`42["name",{...}]`), by name with their draft and version: which live event reached the
  // page, and when, is what a failed live-update test needs to know. Pings and other packets are left out.
  const logSocketFrame = (direction: string, payload: string | Buffer) => {
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    const event = /^42(?:\/[^,]*,)?\d*\["([^"]+)"(?:,(.*))?\]$/s.exec(text);
    if (!event) return;
    const body = event[2] ?? '';
    const draftId = /"draftId":"([^"]+)"/.exec(body)?.[1];
    const version = /"version":(\d+)/.exec(body)?.[1];
    log(
      `socket ${direction} ${event[1]}${draftId ? ` draft ${draftId}` : ''}${version ? ` v${version}` : ''}`,
    );
  };
  context.on('console', (message) => log(`console.${message.type()} ${message.text()}`));
  context.on('weberror', (error) => log(`page error ${error.error().stack ?? error.error().message}`));
  context.on('response', (response) => {
    if (response.url().includes('/api/')) {
      log(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  context.on('requestfailed', (request) =>
    log(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'unknown'}`),
  );
  return lines;
}
