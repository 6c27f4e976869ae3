export { LoginPage } from './login-page.js';
export { RegisterPage } from './register-page.js';
export { ForgotPasswordPage } from './forgot-password-page.js';
