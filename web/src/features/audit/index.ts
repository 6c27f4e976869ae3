export { AuditPage } from './audit-page.js';
