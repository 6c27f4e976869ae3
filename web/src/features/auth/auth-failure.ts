import { errorMessage } from '../../shared/api/api-error.js';

/**
 * docs/product.md §8.2 (Login and registration failures): a failed login or registration puts the server's message on
 * the field it names (checked in the given order), or else shows it as a toast, or the screen's fallback text when
 * there is no message.
 */
export function routeAuthFailure<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  fallback: string,
): { field: Field; message: string } | { toast: string } {
  const message = errorMessage(error, '');
  const lower = message.toLowerCase();
  const field = fields.find((name) => lower.includes(name.toLowerCase()));
  if (message && field) return { field, message };
  return { toast: message || fallback };
}
