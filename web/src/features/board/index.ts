export { DraftBoardPage } from './draft-board-page.js';
