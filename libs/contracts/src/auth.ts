import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@auction/domain';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { requiredNameSchema, requiredTextSchema, textSchema } from './text.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = requiredTextSchema('Email', 'Email is required')
  // Aborts: EMAIL_PATTERN backtracks quadratically on some text (`a@.a.a.a…@`: 2.7 s at 98 KB), so it only ever runs
  // on an address of at most EMAIL_MAX characters.
  .max(EMAIL_MAX, { error: `Email must not exceed ${EMAIL_MAX} characters`, abort: true })
  .regex(EMAIL_PATTERN, { error: 'Invalid email address' })
  .transform((email) => email.toLowerCase());

/**
 * An address a user registers or changes to: the domain is dot-separated labels, none empty, so `a@example.com.`,
 * `a@.example.com` and `a@example..com` are refused (the first was stored as another user than `a@example.com`).
 * Sign-in keeps the looser emailSchema, so an address stored before this rule still signs in.
 */
const NEW_EMAIL_DOMAIN = /@(?:[^\s@.]+\.)+[^\s@.]+$/;

/**
 * An address a user registers or changes to is printable ASCII (checked once lower-cased, so the Kelvin sign is a k):
 * otherwise `ann.lee\u200b@example.com` (a zero-width space), `аnn.lee@…` (a Cyrillic а), full-width letters or an
 * accent composed two ways (NFC, NFD) each made another account that reads exactly as ann.lee@example.com, and
 * control characters got in. Internationalised domains are written in their `xn--` form.
 */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
export const NEW_EMAIL_NOT_ASCII = 'Email can only contain letters without accents, digits and symbols';

export const newEmailSchema = emailSchema
  .refine((email) => PRINTABLE_ASCII.test(email), { error: NEW_EMAIL_NOT_ASCII, abort: true })
  .refine((email) => NEW_EMAIL_DOMAIN.test(email), { error: 'Invalid email address' });

export const usernameSchema = requiredNameSchema('Username', 'Username is required')
  .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters` })
  .max(USERNAME_MAX, { error: `Username must not exceed ${USERNAME_MAX} characters` })
  .regex(USERNAME_PATTERN, { error: 'Username can only contain letters, numbers, and underscores' });

/** Passwords are not trimmed: spaces are legitimate password characters. */
export const passwordSchema = textSchema('Password', 'Password is required')
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must not exceed ${PASSWORD_MAX} characters` });

export const loginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: newEmailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form adds a confirmation that is checked in the browser and never sent. */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: textSchema('Password confirmation', 'Please confirm your password').min(1, {
      error: 'Please confirm your password',
    }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const updateProfileRequestSchema = z
  .object({
    username: usernameSchema.optional(),
    email: newEmailSchema.optional(),
    currentPassword: textSchema('Current password')
      .max(PASSWORD_MAX, { error: `Current password must not exceed ${PASSWORD_MAX} characters` })
      .optional(),
    newPassword: passwordSchema.optional(),
  })
  .refine(
    (body) => body.username !== undefined || body.email !== undefined || body.newPassword !== undefined,
    {
      error: 'Nothing to update: send username, email or newPassword',
    },
  )
  .refine((body) => body.newPassword === undefined || (body.currentPassword ?? '').length > 0, {
    error: 'Current password is required to set a new password',
    path: ['currentPassword'],
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const userSchema = z.object({
  _id: idSchema,
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authDataSchema = z.object({ user: userSchema, token: z.string() });
export type AuthData = z.infer<typeof authDataSchema>;

export const meDataSchema = z.object({ user: userSchema });
export type MeData = z.infer<typeof meDataSchema>;

export const usersDataSchema = z.object({ users: z.array(userSchema) });
export type UsersData = z.infer<typeof usersDataSchema>;
