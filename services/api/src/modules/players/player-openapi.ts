import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { PLAYER_LIST_LIMIT_MAX, PLAYER_POSITIONS, PLAYER_SEARCH_DEFAULT_LIMIT } from '@auction/contracts';

const limit = (defaultLimit: number) =>
  ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: PLAYER_LIST_LIMIT_MAX, default: defaultLimit },
    description: `1 to ${PLAYER_LIST_LIMIT_MAX}; anything else is a 400 (never clamped)`,
  });

const position = ApiQuery({ name: 'position', required: false, enum: PLAYER_POSITIONS });

const available = ApiQuery({
  name: 'available',
  required: false,
  enum: ['true', 'false'],
  description: 'true: drafted players are left out',
});

const draftId = ApiQuery({
  name: 'draftId',
  required: false,
  schema: { type: 'string', format: 'uuid' },
  description:
    'The draft whose availability isDrafted, cost, draftedByTeamId and draftId describe (404 if it does not ' +
    "exist). Without it: the caller's own current draft; a caller without one sees nobody drafted.",
});

const offset = ApiQuery({
  name: 'offset',
  required: false,
  schema: { type: 'integer', minimum: 0, default: 0 },
});

/** Documents the search's query string (validated by contracts' playerSearchQuerySchema). */
export function PlayerSearchQueryDocs(): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'q',
      required: true,
      description: 'Part of a name; case, accents and small typos do not matter',
    }),
    limit(PLAYER_SEARCH_DEFAULT_LIMIT),
    position,
    available,
    draftId,
  );
}

/** Documents a listing's query string (validated by contracts' playerListQuerySchema). */
export function PlayerListQueryDocs({
  defaultLimit = PLAYER_SEARCH_DEFAULT_LIMIT,
  withPosition = true,
} = {}): MethodDecorator {
  return applyDecorators(
    limit(defaultLimit),
    offset,
    ...(withPosition ? [position] : []),
    available,
    draftId,
  );
}

/** Documents the draftId of a single-player read or the stats summary. */
export function DraftScopeQueryDocs(): MethodDecorator {
  return applyDecorators(draftId);
}
