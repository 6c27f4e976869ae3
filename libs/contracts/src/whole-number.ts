import { z } from 'zod';

/**
 * A whole number from `min` to `max` in a body, one message per value. The range is checked first and stops the
 * checks (`abort`, as dollarAmountSchema does): zod's `.int()` refuses any number past 2^53 as not a safe integer, so
 * 1e308 or 2^53 was "must be a whole number", though it is one, out of range. A fraction within one of the range
 * (0.5, 12.5 for 1 to 12) is still named as a fraction.
 */
export function wholeNumberInRange(
  base: z.ZodNumber,
  { min, max, whole, range }: { min: number; max: number; whole: string; range: string },
) {
  return base
    .gt(min - 1, { error: range, abort: true })
    .lt(max + 1, { error: range, abort: true })
    .int({ error: whole, abort: true })
    .min(min, { error: range })
    .max(max, { error: range });
}
