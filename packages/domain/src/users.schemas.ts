import { z } from 'zod';
import { emailSchema, isoDateSchema, nameSchema, phoneSchema, uuidSchema } from './common.schemas';
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
  password: z.string().min(1, { error: 'Password is required' }).max(MAX_PASSWORD_LENGTH),
  role: z.enum(roles),
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

const branchSchema = z.string().trim().max(100);
const commissionSchema = z.coerce
  .number({ error: 'Commission must be a number' })
  .min(0, { error: 'Commission must be between 0 and 100' })
  .max(100, { error: 'Commission must be between 0 and 100' })
  .multipleOf(0.01, { error: 'Commission can have at most 2 decimals' });

/** Date of birth: a real date, in the past, for someone of working age. */
export const dobSchema = isoDateSchema.refine(
  (value) => {
    const year = Number(value.slice(0, 4));
    return value < new Date().toISOString().slice(0, 10) && year >= 1920;
  },
  { error: 'Date of birth must be a past date' },
);

/** POST /api/auth/register (SPEC §7). Branch belongs to counsellors only. */
export const registerUserRequest = z
  .object({
    name: nameSchema,
    email: emailSchema,
    role: z.enum(creatableRoles, { error: 'Role must be counsellor or teacher' }),
    contactNum: phoneSchema,
    branch: branchSchema.nullish(),
    commission: z.union([commissionSchema, z.literal('').transform(() => 0)]).nullish(),
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
