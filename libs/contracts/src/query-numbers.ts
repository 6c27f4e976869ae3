import { z } from 'zod';

/**
 * A whole number sent in a query string, e.g. `?limit=50`: decimal digits only, then the range. `z.coerce.number()`
 * goes through `Number()`, which also takes `1e2`, `0x10`, ` 5 ` and an empty value (as 0) — typos or probes that
 * deserve the rule, not a guess.
 */
export function wholeNumberQuerySchema(options: {
  min: number;
  max: number;
  /** When the value is not decimal digits (letters, a sign, a fraction, an exponent, spaces, nothing). */
  invalid: string;
  /** When it is out of [min, max]. */
  range: string;
}) {
  return (
    z
      .string({ error: options.invalid })
      .regex(/^[0-9]+$/, { error: options.invalid })
      // Digits however many are a whole number: `0005` is 5 (leading zeros are no part of it), and one past every safe
      // integer is out of range like 501, not "not a number".
      .transform((digits) => {
        const significant = digits.replace(/^0+(?=[0-9])/, '');
        return significant.length > 15 ? Number.MAX_VALUE : Number(significant);
      })
      .pipe(z.number().min(options.min, { error: options.range }).max(options.max, { error: options.range }))
  );
}
