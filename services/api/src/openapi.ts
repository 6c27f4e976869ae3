import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Swagger UI at /api/docs and the document at /api/docs-json. Bodies come from the zod contracts. */
export function setupOpenApi(app: INestApplication, version: string): void {
  const config = new DocumentBuilder()
    .setTitle('Fantasy Auction Draft API')
    .setDescription(
      'Every answer is `{ success, message, data }`. Send `Authorization: Bearer <token>` from login or register. ' +
        'Request bodies are validated with the same zod schemas shown here; a failure is a 400 naming the first ' +
        'broken rule.',
    )
    .setVersion(version)
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
