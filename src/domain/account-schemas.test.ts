import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, passwordChangeSchema, profileSchema, registerSchema } from './account-schemas';

describe('account schemas', () => {
  it('accepts a normal sign-up and normalises the e-mail', () => {
    const parsed = registerSchema.parse({
      name: ' Ann Lee ',
      email: 'Ann@Example.COM ',
      password: '12345678',
    });
    expect(parsed).toEqual({ name: 'Ann Lee', email: 'ann@example.com', password: '12345678' });
  });

  it('rejects malformed e-mails, short passwords, huge or control-character names', () => {
    expect(registerSchema.safeParse({ name: 'A', email: 'not-an-email', password: '12345678' }).success).toBe(
      false,
    );
    expect(registerSchema.safeParse({ name: 'A', email: 'a@b.co', password: '1234567' }).success).toBe(false);
    expect(
      registerSchema.safeParse({ name: 'x'.repeat(10_000), email: 'a@b.co', password: '12345678' }).success,
    ).toBe(false);
    expect(
      registerSchema.safeParse({ name: 'Ann\u0000', email: 'a@b.co', password: '12345678' }).success,
    ).toBe(false);
    expect(registerSchema.safeParse({ name: '   ', email: 'a@b.co', password: '12345678' }).success).toBe(
      false,
    );
  });

  it('keeps SQL-looking text as plain text', () => {
    const parsed = profileSchema.parse({
      fullName: "Robert'); DROP TABLE user;--",
      companyName: '',
      phone: '',
      country: '',
    });
    expect(parsed.fullName).toBe("Robert'); DROP TABLE user;--");
  });

  it('requires the confirmation to match', () => {
    const r = passwordChangeSchema.safeParse({
      currentPassword: 'x',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgi',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('The new passwords do not match.');
  });

  it('has the documented defaults for settings', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      emailNotifications: true,
      marketingEmails: false,
      orderUpdates: true,
      sessionTimeout: true,
    });
  });
});
