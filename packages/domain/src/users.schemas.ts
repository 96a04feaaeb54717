import { z } from 'zod';
import {
  dateField,
  emailSchema,
  nameSchema,
  numberField,
  optionalText,
  phoneSchema,
  uuidSchema,
} from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';
import { creatableRoles, roles } from './roles';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const passwordSchema = z
  .string({ error: messages.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });

export const loginRequest = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(MAX_PASSWORD_LENGTH),
  role: z.enum(roles, { error: 'Select a role: counsellor, admin or teacher' }),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The flat session object the browser keeps under localStorage `user`. */
export const sessionUser = z.object({
  token: z.string(),
  uuid: uuidSchema,
  name: z.string(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  branch: z.string().nullable(),
  expiresAt: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const user = z.object({
  uuid: uuidSchema,
  name: z.string(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  contactNum: z.string(),
  branch: z.string().nullable(),
  commission: z.number(),
  dob: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

const branchSchema = optionalText(100);
const commissionSchema = numberField({
  required: messages.commissionInvalid,
  invalid: messages.commissionInvalid,
  min: 0,
  max: 100,
  decimals: 2,
});

/** Date of birth of a member of staff. */
export const dobSchema = dateField({
  required: messages.staffDobRequired,
  window: dateWindows.staffBirth,
  outside: messages.staffDobRange,
});

/** POST /api/auth/register (SPEC §7). Branch belongs to counsellors only. */
export const registerUserRequest = z
  .object({
    name: nameSchema,
    email: emailSchema,
    role: z.enum(creatableRoles, { error: 'Role must be counsellor or teacher' }),
    contactNum: phoneSchema,
    branch: branchSchema,
    /** Counsellors only; missing, null or empty is 0. */
    commission: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      commissionSchema.optional(),
    ),
    dob: dobSchema,
    password: passwordSchema,
  })
  .superRefine((value, ctx) => {
    if (value.role === 'counsellor' && !value.branch) {
      ctx.addIssue({ code: 'custom', path: ['branch'], message: messages.branchRequired });
    }
  })
  .transform((value) => ({
    ...value,
    branch: value.role === 'counsellor' ? (value.branch ?? null) : null,
    commission: value.role === 'counsellor' ? (value.commission ?? 0) : 0,
  }));
export type RegisterUserRequest = z.input<typeof registerUserRequest>;
export type RegisterUserInput = z.output<typeof registerUserRequest>;

/** The Add User form: the request plus the re-entered password, checked live and on submit. */
export const addUserForm = z
  .object({
    name: nameSchema,
    email: emailSchema,
    role: z.enum(creatableRoles),
    contactNum: phoneSchema,
    branch: z.string().max(100),
    commission: z.string().max(6),
    dob: dobSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'counsellor' && !value.branch.trim()) {
      ctx.addIssue({ code: 'custom', path: ['branch'], message: messages.branchRequired });
    }
    if (value.role === 'counsellor' && value.commission !== '') {
      const parsed = commissionSchema.safeParse(value.commission);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['commission'],
          message: parsed.error.issues[0]?.message ?? 'Invalid commission',
        });
      }
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDoNotMatch });
    }
  });
export type AddUserForm = z.infer<typeof addUserForm>;

export const changePasswordRequest = z.object({ password: passwordSchema });

export const changePasswordForm = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: messages.passwordsDoNotMatch,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const getUsersQuery = z.object({ role: z.enum(roles).optional() });
