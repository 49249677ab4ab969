import { describe, expect, it } from 'vitest';
import { validateContact } from '../lib/contact-validation';

const valid = { name: 'Ana', email: 'ana@example.com', company: '', message: 'Hello' };

describe('validateContact', () => {
  it('accepts a complete message without company', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('requires name, e-mail and message, ignoring surrounding spaces', () => {
    expect(validateContact({ name: ' ', email: '', company: '', message: '\n' })).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      message: 'messageRequired',
    });
  });

  it.each(['ana', 'ana@', 'ana@example', 'an a@example.com', '@example.com'])('rejects the e-mail %s', (email) => {
    expect(validateContact({ ...valid, email }).email).toBe('emailInvalid');
  });

  it('enforces the contract limits', () => {
    expect(validateContact({ ...valid, name: 'x'.repeat(201) }).name).toBe('nameTooLong');
    expect(validateContact({ ...valid, company: 'x'.repeat(201) }).company).toBe('companyTooLong');
    expect(validateContact({ ...valid, message: 'x'.repeat(5001) }).message).toBe('messageTooLong');
    expect(validateContact({ ...valid, message: 'x'.repeat(5000) })).toEqual({});
  });
});
