import { describe, expect, it } from 'vitest';
import { authMessages as msg } from '@verdant/contract';
import { AppError } from '../../lib/errors.js';
import { hashPassword, isCommonPassword, validatePassword, verifyPassword, verifyPasswordOrBurn } from './passwords.js';

const failure = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a failure');
};

describe('validatePassword', () => {
  it('refuses fewer than 8 characters, naming the field', () => {
    const err = failure(() => validatePassword('1234567', 'a@b.co'));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, message: msg.passwordTooShort, field: 'password' });
  });

  it('refuses the e-mail address in any case, and uses the given field name', () => {
    const err = failure(() => validatePassword(' Grower@Example.com ', 'grower@example.com', 'new_password'));
    expect(err).toMatchObject({ message: msg.passwordEqualsEmail, field: 'new_password' });
  });

  it('refuses an absurdly long password', () => {
    expect(failure(() => validatePassword('x'.repeat(257), 'a@b.co')).message).toBe(msg.passwordTooLong);
  });

  it('accepts 8 characters that are not the e-mail', () => {
    expect(() => validatePassword('kx7!pqmw', 'a@b.co')).not.toThrow();
  });

  it('refuses one of the 10,000 most common passwords in any case, naming the field', () => {
    expect(failure(() => validatePassword('12345678', 'a@b.co'))).toMatchObject({ message: msg.passwordTooCommon, field: 'password' });
    expect(failure(() => validatePassword('SuperMan', 'a@b.co', 'new_password'))).toMatchObject({ field: 'new_password' });
    expect(isCommonPassword('correct horse battery staple 42')).toBe(false);
  });
});

describe('hashing', () => {
  it('uses argon2id and verifies only the right password', async () => {
    const sut = await hashPassword('sunflower-42');
    expect(sut.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(sut, 'sunflower-42')).toBe(true);
    expect(await verifyPassword(sut, 'sunflower-43')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('still does the work for an unknown user, and says no', async () => {
    expect(await verifyPasswordOrBurn(null, 'anything')).toBe(false);
  });
});
