import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { firstIssueMessage } from '@auction/contracts';
import type { z } from 'zod';

/**
 * Validates (and normalises: trims, lower-cases emails) a request part with a contracts schema.
 * `@Body(new ZodValidationPipe(createTeamRequestSchema)) body: CreateTeamRequest`. A failure is a 400 with the
 * schema's first message, the same text the web shows for the same rule.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // A missing JSON body arrives as undefined (or {} from the parser); validate it as an empty object so the
    // first missing field is named instead of "expected object".
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new BadRequestException(firstIssueMessage(result.error));
    return result.data;
  }
}
