import { z } from 'zod';

/**
 * Every REST answer, success or failure, has this shape (docs/product.md §7.1 (Conventions): success, message and
 * data).
 */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export function apiEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}

/** The first issue's message is what a user sees; zod orders issues by field order in the schema. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
