import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, registerBodySchema, updateMeBodySchema } from './users.js';
import { loginBodySchema } from './auth.js';

const valid = {
  name: 'Dewi Lestari',
  company: 'Toko Maju',
  email: 'dewi@example.com',
  phone_number: '081234567890',
  password: 'Rahasia123',
  confirm_password: 'Rahasia123',
};

function messages(
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
) {
  const r = schema.safeParse(value);
  // The first issue per field is the one a form shows.
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('registration rules (§5)', () => {
  it('accepts a valid registration', () => {
    expect(registerBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['name', undefined, 'The name field is required'],
    ['name', '', 'The name field is required'],
    ['name', 'Ana', 'The name field must be at least 4 characters'],
    ['name', 42, 'The name field must be a string'],
    ['company', '', 'The company field is required'],
    ['email', 'not-an-email', 'The value is not a valid email address'],
    ['phone_number', '08123abc', 'Invalid phone number'],
    ['phone_number', undefined, 'The phone number field is required'],
    ['password', 'Short1', 'The password field must be at least 8 characters'],
    [
      'password',
      'alllowercase1',
      'The password field must contain at least one number and one uppercase letter',
    ],
    [
      'password',
      'NoNumbersHere',
      'The password field must contain at least one number and one uppercase letter',
    ],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messages(registerBodySchema, { ...valid, [field]: value })[field]).toBe(message);
  });

  it('requires confirm password to equal password', () => {
    expect(
      messages(registerBodySchema, { ...valid, confirm_password: 'Rahasia124' }).confirm_password,
    ).toBe('Password is not the same as confirm password.');
  });

  it('normalises email case and trims', () => {
    const r = registerBodySchema.parse({ ...valid, email: '  Dewi@Example.COM ' });
    expect(r.email).toBe('dewi@example.com');
  });
});

describe('login rules (§5)', () => {
  it('requires a well-formed email and a password', () => {
    expect(messages(loginBodySchema, {})).toEqual({
      email: 'The email field is required',
      password: 'The password field is required',
    });
    expect(messages(loginBodySchema, { email: 'x@', password: 'a' }).email).toBe(
      'The value is not a valid email address',
    );
  });
});

describe('change password rules (§5)', () => {
  it('needs 8 characters and the same confirmation', () => {
    const m = messages(changePasswordBodySchema, {
      current_password: 'Old12345',
      password: 'Ab1',
      confirm_password: 'Ab1',
    });
    expect(m.password).toBe('The new password field must be at least 8 characters');
    const mismatch = messages(changePasswordBodySchema, {
      current_password: 'Old12345',
      password: 'Newpass12',
      confirm_password: 'Newpass13',
    });
    expect(mismatch.confirm_password).toBe('Password is not the same as confirm password.');
  });
});

describe('edit profile rules', () => {
  it('a name past its length gets the length rule, not "must be a string"', () => {
    expect(messages(updateMeBodySchema, { user_name: 'a'.repeat(1025) })).toEqual({
      user_name: 'The name field may not be more than 100 characters',
    });
    expect(messages(updateMeBodySchema, { company: 'c'.repeat(121) })).toEqual({
      company: 'The company field may not be more than 120 characters',
    });
    expect(messages(updateMeBodySchema, { user_name: 42 })).toEqual({
      user_name: 'The name field must be a string',
    });
  });
});
