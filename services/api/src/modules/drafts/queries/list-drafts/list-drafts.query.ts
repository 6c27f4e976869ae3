import { Query } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';

/** Every draft that is not deleted, newest first. */
export class ListDraftsQuery extends Query<Draft[]> {}
