import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuthShell } from './components/auth-shell.js';

/**
 * Password resets are done by a league admin for now (docs/adr/0003-forgot-password.md): there is no mail service,
 * so this screen explains what to do instead of pretending to send a link.
 */
export function ForgotPasswordPage() {
  return (
    <AuthShell title="Forgot your password?" subtitle="No problem, a league admin can help you get back in">
      <div className="space-y-5 text-sm text-slate-600">
        <div className="flex gap-3 rounded-lg bg-indigo-50 p-4 text-indigo-900">
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <p>
            Password resets are handled by your league admin for now. Ask them to reset the password for the
            email address you signed up with.
          </p>
        </div>
        <ol className="list-inside list-decimal space-y-1.5">
          <li>Contact your league admin (the person who invited you to the draft).</li>
          <li>Tell them the email address of your account.</li>
          <li>Sign in with the new password they set for you.</li>
        </ol>
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Never share your password in the draft chat.
        </p>
        <Link
          to="/login"
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </Link>
      </div>
    </AuthShell>
  );
}
