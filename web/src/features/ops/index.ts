export { OpsPage } from './ops-page.js';
