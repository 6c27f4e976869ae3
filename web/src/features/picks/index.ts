export { DraftPicksPage } from './draft-picks-page.js';
