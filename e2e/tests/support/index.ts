// Shared helpers for *.e2e.spec.ts files: `import { ADMIN, loginAs, uniqueName } from './support/index.js';`
export { ADMIN, BASE_URL } from './e2e-env.js';
export { loginAs } from './auth.js';
export {
  createTeam,
  createTwoOwnerLeague,
  openRoom,
  type TestDraftSettings,
  type TwoOwnerLeague,
  type TwoOwnerLeagueOptions,
} from './league.js';
export { uniqueEmail, uniqueName, uniqueUsername } from './names.js';
export {
  apiLogin,
  bearer,
  envelopeData,
  openSignedIn,
  registerAccount,
  tokenOf,
  TEST_PASSWORD,
  type Account,
  type Session,
  type SessionUser,
} from './session.js';
export { dashboardCounter, escapeRegExp, expectToast, keepScreenshot, mainNav, toast } from './ui.js';
