import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@auction/contracts';
import { USERNAME_MAX, USERNAME_MIN } from '@auction/domain';
import { Mail, User, UserPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useRegisterMutation } from '../../shared/api/auth.api.js';
import { Button } from '../../shared/ui/button.js';
import { TextField } from '../../shared/ui/form-field.js';
import { routeAuthFailure } from './auth-failure.js';
import { AuthShell } from './components/auth-shell.js';
import { PasswordChecklist } from './components/password-checklist.js';
import { PasswordField } from './components/password-field.js';

type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormOutput = z.output<typeof registerFormSchema>;

const REGISTRATION_FAILED = 'Registration failed';

export function RegisterPage() {
  const [registerAccount, { isLoading }] = useRegisterMutation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const confirmPassword = useWatch({ control, name: 'confirmPassword' }) ?? '';

  const onSubmit = async ({ confirmPassword: _confirmation, ...account }: RegisterFormOutput) => {
    try {
      // The confirmation is checked by the schema and never sent.
      const result = await registerAccount(account).unwrap();
      if (!result?.user || !result.token) {
        toast.error(REGISTRATION_FAILED);
        return;
      }
      toast.success(`Welcome, ${result.user.username}! Account created successfully.`);
    } catch (error) {
      const outcome = routeAuthFailure(error, ['username', 'email'] as const, REGISTRATION_FAILED);
      if ('field' in outcome) setError(outcome.field, { type: 'server', message: outcome.message });
      else toast.error(outcome.toast);
    }
  };

  return (
    <AuthShell
      title="Create Account"
      subtitle="Join the league and start bidding on players"
      footer={
        <>
          Already have an account?{' '}
          <Link
            to="/login"
            className="font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:underline"
          >
            Sign in here
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Create account">
        <TextField
          label="Username"
          autoComplete="username"
          placeholder="draft_king"
          leading={<User aria-hidden="true" className="size-4" />}
          hint={`${USERNAME_MIN} to ${USERNAME_MAX} letters, numbers or underscores`}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          leading={<Mail aria-hidden="true" className="size-4" />}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder="Choose a password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          placeholder="Repeat the password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <PasswordChecklist password={password} confirmPassword={confirmPassword} />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={isLoading || isSubmitting}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
        >
          Create Account
        </Button>
      </form>
    </AuthShell>
  );
}
