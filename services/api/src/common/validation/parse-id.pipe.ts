import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { idSchema, type Id } from '@auction/contracts';

/** `@Param('id', ParseIdPipe) id: Id`: anything but a UUID is a 400 'Invalid id' before any query runs. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, Id> {
  transform(value: unknown): Id {
    const result = idSchema.safeParse(value);
    if (!result.success) throw new BadRequestException('Invalid id');
    return result.data;
  }
}
