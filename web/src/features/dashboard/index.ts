export { DashboardPage } from './dashboard-page.js';
