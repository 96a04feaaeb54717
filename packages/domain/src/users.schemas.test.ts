import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { addUserForm, changePasswordForm, loginRequest, registerUserRequest } from './users.schemas';

const form = {
  name: 'Rahul Patil',
  email: 'Rahul@Example.com',
  role: 'counsellor' as const,
  contactNum: '9881054321',
  branch: 'Nashik',
  commission: '12.5',
  dob: '1991-03-09',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('addUserForm', () => {
  it('accepts a complete counsellor and lower-cases the email', () => {
    const parsed = addUserForm.parse(form);
    expect(parsed.email).toBe('rahul@example.com');
  });

  it.each([
    [{ confirmPassword: 'secret2' }, messages.passwordsDoNotMatch],
    [{ password: 'abc', confirmPassword: 'abc' }, messages.passwordTooShort],
    [{ branch: '  ' }, messages.branchRequired],
    [{ contactNum: '12345' }, messages.phoneDigits],
    [{ commission: '150' }, messages.commissionInvalid],
    [{ email: 'rahul' }, messages.invalidEmail],
  ])('refuses %j with its message', (change, message) => {
    expect(firstMessage(addUserForm.safeParse({ ...form, ...change }))).toBe(message);
  });

  it('does not ask a teacher for a branch', () => {
    expect(addUserForm.safeParse({ ...form, role: 'teacher', branch: '' }).success).toBe(true);
  });

  it('accepts exactly 6 characters and refuses 5', () => {
    expect(addUserForm.safeParse({ ...form, password: '123456', confirmPassword: '123456' }).success).toBe(true);
    expect(addUserForm.safeParse({ ...form, password: '12345', confirmPassword: '12345' }).success).toBe(false);
  });
});

describe('registerUserRequest', () => {
  const request = { ...form, commission: 12.5 };

  it('keeps branch and commission for counsellors only', () => {
    expect(registerUserRequest.parse(request)).toMatchObject({ branch: 'Nashik', commission: 12.5 });
    expect(registerUserRequest.parse({ ...request, role: 'teacher' })).toMatchObject({ branch: null, commission: 0 });
  });

  it('takes an empty commission as 0 and refuses admin as a role', () => {
    expect(registerUserRequest.parse({ ...request, commission: '' }).commission).toBe(0);
    expect(registerUserRequest.safeParse({ ...request, role: 'admin' }).success).toBe(false);
  });

  it.each(['2001-02-29', '2024-13-01', '1919-12-31', '2999-01-01', '01/02/2001'])(
    'refuses the date of birth %s',
    (dob) => {
      expect(registerUserRequest.safeParse({ ...request, dob }).success).toBe(false);
    },
  );
});

describe('changePasswordForm and loginRequest', () => {
  it('checks both password rules', () => {
    expect(firstMessage(changePasswordForm.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' }))).toBe(
      messages.passwordsDoNotMatch,
    );
    expect(firstMessage(changePasswordForm.safeParse({ password: 'abc', confirmPassword: 'abc' }))).toBe(
      messages.passwordTooShort,
    );
  });

  it('takes any role of the three', () => {
    for (const role of ['admin', 'counsellor', 'teacher']) {
      expect(loginRequest.safeParse({ email: 'a@b.co', password: 'x', role }).success).toBe(true);
    }
    expect(loginRequest.safeParse({ email: 'a@b.co', password: 'x', role: 'student' }).success).toBe(false);
  });
});
