export { DraftPage } from './draft-page.js';
