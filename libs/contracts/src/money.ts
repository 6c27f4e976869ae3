import { BUDGET_PER_TEAM_MAX, MIN_BID } from '@auction/domain';
import { z } from 'zod';

/** No amount can be more than a team's whole budget. */
export const MONEY_MAX = BUDGET_PER_TEAM_MAX;

/**
 * A whole-dollar amount between $MIN_BID and $MONEY_MAX, labelled for its messages. The range is checked first and
 * stops the checks (`abort`): 1e308 is "must not exceed $10000", the message that tells the caller what to send,
 * not "must be a whole number" (a huge double is not a safe integer) nor a list of both.
 */
export const dollarAmountSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(MIN_BID, { error: `${label} must be at least $${MIN_BID}`, abort: true })
    .max(MONEY_MAX, { error: `${label} must not exceed $${MONEY_MAX}`, abort: true })
    .int({ error: `${label} must be a whole number of dollars` });
