import { describe, expect, it } from '@jest/globals';
import { apiEnvelopeSchema, authDataSchema, registerRequestSchema } from '@auction/contracts';
import { zodToOpenApi } from './zod-openapi.js';

describe('zodToOpenApi', () => {
  it('describes request bodies with the validation limits', () => {
    expect(zodToOpenApi(registerRequestSchema, 'input')).toMatchObject({
      type: 'object',
      required: ['username', 'email', 'password'],
      properties: {
        username: { type: 'string', minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_]+$' },
        email: { type: 'string', maxLength: 254 },
        password: { type: 'string', minLength: 6, maxLength: 128 },
      },
    });
  });

  it('describes envelopes around response data, without a $schema key', () => {
    const schema = zodToOpenApi(apiEnvelopeSchema(authDataSchema), 'output') as Record<string, unknown>;
    expect(schema['$schema']).toBeUndefined();
    expect(schema).toMatchObject({ type: 'object', required: ['success', 'message', 'data'] });
  });
});
