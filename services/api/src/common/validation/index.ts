export { ZodValidationPipe } from './zod-validation.pipe.js';
export { ParseIdPipe } from './parse-id.pipe.js';
