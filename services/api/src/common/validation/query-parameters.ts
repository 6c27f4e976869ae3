import { BadRequestException } from '@nestjs/common';

/**
 * Express's query parser (`simple`, Node's querystring) answers a repeated name as an array (`q=a&q=b` → `['a', 'b']`)
 * and keeps brackets in the name (`draftId[]=1` → `draftId[]`, `limit[a]=1` → `limit[a]`); another parser would
 * make them arrays and objects. Either way the caller meant one of our parameters and would get a guess: the schema's
 * "required" rule for a value that was sent twice, or the default for a parameter it named with brackets. So a
 * parameter the endpoint reads must come once, as `name=value`; anything else is a 400 naming it. Names the
 * endpoint does not read stay ignored (`_=<cache buster>`, twice or not), as unknown parameters are.
 */
export function assertPlainQueryParameters(query: unknown, names: ReadonlySet<string> | undefined): void {
  if (query === null || typeof query !== 'object') return;
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    const name = bracket > 0 ? key.slice(0, bracket) : key;
    if (names && !names.has(name)) continue;
    if (name !== key) throw new BadRequestException(bracketedParameterMessage(key, name));
    if (typeof value !== 'string') throw new BadRequestException(repeatedParameterMessage(name));
  }
}

/** A single query parameter (`@Query('teamId', pipe)`): it must be one string when sent. */
export function assertPlainQueryValue(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') {
    throw new BadRequestException(repeatedParameterMessage(name));
  }
}

export const repeatedParameterMessage = (name: string) => `${name} must be sent only once`;
export const bracketedParameterMessage = (key: string, name: string) =>
  `${key} is not accepted: send ${name}=value`;
