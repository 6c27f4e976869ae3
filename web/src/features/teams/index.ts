export { TeamsPage } from './teams-page.js';
