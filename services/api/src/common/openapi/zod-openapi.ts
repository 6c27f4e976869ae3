import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiQuery, ApiResponse, type SchemaObject } from '@nestjs/swagger';
import { apiEnvelopeSchema } from '@auction/contracts';
import { z } from 'zod';

/**
 * OpenAPI schemas generated from the same zod schemas that validate requests, so the docs cannot drift from the
 * validation. Requests are described as input (before trims/transforms), responses as output.
 */
export function zodToOpenApi(schema: z.ZodType, io: 'input' | 'output'): SchemaObject {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json['$schema'];
  return json as SchemaObject;
}

/** Documents a JSON request body. */
export function ZodBody(schema: z.ZodType, description?: string): MethodDecorator {
  return ApiBody({ schema: zodToOpenApi(schema, 'input'), description, required: true });
}

/** Documents a query string validated by a zod object schema: one parameter per field. */
export function ZodQuery(schema: z.ZodObject): MethodDecorator {
  const json = zodToOpenApi(schema, 'input') as {
    properties?: Record<string, SchemaObject>;
    required?: string[];
  };
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, property]) =>
      ApiQuery({ name, required: json.required?.includes(name) ?? false, schema: property }),
    ),
  );
}

/** Documents a success answer `{ success: true, message, data }` whose data matches `dataSchema`. */
export function ZodOkResponse(dataSchema: z.ZodType, status = 200, description = 'Success'): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status, description, schema: zodToOpenApi(apiEnvelopeSchema(dataSchema), 'output') }),
  );
}

const errorEnvelope = zodToOpenApi(apiEnvelopeSchema(z.null()), 'output');

/**
 * Documents failure answers, all `{ success: false, message, data: null }`. Always JSON, even where the success is
 * not (the CSV download's `ApiProduces('text/csv')` would otherwise list them as text/csv).
 */
export function ErrorResponses(...statuses: Array<[number, string]>): MethodDecorator {
  return applyDecorators(
    ...statuses.map(([status, description]) =>
      ApiResponse({ status, description, content: { 'application/json': { schema: errorEnvelope } } }),
    ),
  );
}
