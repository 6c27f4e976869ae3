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
export const NOT_AN_OBJECT_MESSAGE = 'The request must be a JSON object';

/**
 * The first broken rule's message. A value that is not an object where one is expected (a body of `[]` or `"x"`, a
 * socket payload of `null`) breaks no field's rule: zod's own text for it ("Invalid input: expected object, received
 * array") is replaced by one for users.
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'invalid_type' && issue.path.length === 0 && issue.expected === 'object')
    return NOT_AN_OBJECT_MESSAGE;
  return issue.message;
}
