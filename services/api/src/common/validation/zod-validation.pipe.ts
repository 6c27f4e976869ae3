import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { firstIssueMessage } from '@auction/contracts';
import type { z } from 'zod';
import { assertPlainQueryParameters, assertPlainQueryValue } from './query-parameters.js';

/**
 * Validates (and normalises: trims, lower-cases emails) a request part with a contracts schema.
 * `@Body(new ZodValidationPipe(createTeamRequestSchema)) body: CreateTeamRequest`. A failure is a 400 with the
 * schema's first message, the same text the web shows for the same rule. Every query schema goes through here, so
 * this is also where a query parameter sent twice or with brackets is refused (query-parameters.ts).
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /** The parameter names an object schema reads (undefined for another schema: every name is checked). */
  private readonly names: ReadonlySet<string> | undefined;

  constructor(private readonly schema: S) {
    this.names = parameterNamesOf(schema);
  }

  transform(value: unknown, metadata?: ArgumentMetadata): z.output<S> {
    if (metadata?.type === 'query') {
      if (metadata.data) assertPlainQueryValue(metadata.data, value);
      else assertPlainQueryParameters(value, this.names);
    }
    // A missing JSON body arrives as undefined (or {} from the parser); validate it as an empty object so the
    // first missing field is named instead of "expected object".
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new BadRequestException(firstIssueMessage(result.error));
    return result.data;
  }
}

/** By shape, not `instanceof`: contracts may load its own copy of zod. */
function parameterNamesOf(schema: z.ZodType): ReadonlySet<string> | undefined {
  const shape = (schema as { shape?: unknown }).shape;
  return shape !== null && typeof shape === 'object' ? new Set(Object.keys(shape)) : undefined;
}
