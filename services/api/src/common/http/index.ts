export { ok, fail, type ApiEnvelope } from './api-response.js';
export { AllExceptionsFilter } from './all-exceptions.filter.js';
export { mapException, INTERNAL_ERROR_MESSAGE, type MappedError } from './exception-mapping.js';
export { UNIQUE_CONSTRAINT_MESSAGES } from './unique-constraints.js';
export { answerParserErrorsWithEnvelope } from './client-error-envelope.js';
export { ReceivedAt, stampReceivedAt } from './received-at.js';
