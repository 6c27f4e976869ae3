import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@auction/contracts';
import { LogIn, Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useLoginMutation } from '../../shared/api/auth.api.js';
import { Button } from '../../shared/ui/button.js';
import { TextField } from '../../shared/ui/form-field.js';
import { routeAuthFailure } from './auth-failure.js';
import { AuthShell } from './components/auth-shell.js';
import { PasswordField } from './components/password-field.js';

type LoginFormInput = z.input<typeof loginRequestSchema>;
type LoginFormOutput = z.output<typeof loginRequestSchema>;

const LOGIN_FAILED = 'Login failed';

export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginFormOutput) => {
    try {
      const result = await login(values).unwrap();
      if (!result?.user || !result.token) {
        toast.error(LOGIN_FAILED);
        return;
      }
      // The auth slice stores the session; the guest-only route then moves on to the dashboard.
      toast.success(`Welcome back, ${result.user.username}!`);
    } catch (error) {
      const outcome = routeAuthFailure(error, ['email', 'password'] as const, LOGIN_FAILED);
      if ('field' in outcome) setError(outcome.field, { type: 'server', message: outcome.message });
      else toast.error(outcome.toast);
    }
  };

  const busy = isLoading || isSubmitting;

  return (
    <AuthShell
      title="Welcome Back"
      subtitle="Sign in to your account to join the draft room"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to="/register"
            className="font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:underline"
          >
            Create one now
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Sign in">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          leading={<Mail aria-hidden="true" className="size-4" />}
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="mt-2 flex justify-end">
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:underline"
            >
              Forgot your password?
            </Link>
          </div>
        </div>
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy}
          icon={<LogIn aria-hidden="true" className="size-4" />}
        >
          Sign In
        </Button>
      </form>
    </AuthShell>
  );
}
