import { BUDGET_PER_TEAM_MAX, MIN_BID } from '@auction/domain';
import { z } from 'zod';
import { missingOrWrongType } from './text.js';

/** No amount can be more than a team's whole budget. */
export const MONEY_MAX = BUDGET_PER_TEAM_MAX;

const atLeast = (label: string) => `${label} must be at least $${MIN_BID}`;

/**
 * A whole-dollar amount between $MIN_BID and $MONEY_MAX, labelled for its messages, one message per value. The range
 * is checked first and stops the checks (`abort`): 1e308 is "must not exceed $10000", the message that tells the
 * caller what to send, not "must be a whole number" (a huge double is not a safe integer) nor a list of both. The
 * lower bound is checked in two steps so that a fraction is always named as one: 0.5, like 1.5, is "must be a whole
 * number of dollars" (as the domain's rule says it), while 0, -1 and -1e308 are "must be at least $1".
 */
export const dollarAmountSchema = (label: string) =>
  z
    .number({ error: missingOrWrongType(`${label} is required`, `${label} must be a number`) })
    .gt(MIN_BID - 1, { error: atLeast(label), abort: true })
    .max(MONEY_MAX, { error: `${label} must not exceed $${MONEY_MAX}`, abort: true })
    .int({ error: `${label} must be a whole number of dollars`, abort: true })
    .min(MIN_BID, { error: atLeast(label) });
