import { describe, expect, it } from '@jest/globals';
import type { QueryBus } from '@nestjs/cqrs';
import type { HealthData } from '@auction/contracts';
import { GetHealthController } from './get-health.controller.js';

function controllerAnswering(health: HealthData) {
  const bus = { execute: () => Promise.resolve(health) } as unknown as QueryBus;
  return new GetHealthController(bus);
}

describe('GetHealthController', () => {
  const base = { database: 'up', redis: 'up', uptimeSeconds: 1 } as const;

  it('answers 200 and success true when healthy', async () => {
    let status = 200;
    const body = await controllerAnswering({ ...base, status: 'ok' }).health({
      status: (code) => (status = code),
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
  });

  it('answers 503 and success false, with the details, when degraded', async () => {
    let status = 200;
    const degraded: HealthData = { ...base, redis: 'down', status: 'degraded' };
    const body = await controllerAnswering(degraded).health({ status: (code) => (status = code) });
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, message: 'Service is degraded', data: degraded });
  });
});
