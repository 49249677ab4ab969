export interface ContactValues {
  name: string;
  email: string;
  company: string;
  message: string;
}

export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Limits of the contract's contactUs body; checked here first so the user gets a clear message. */
export const CONTACT_LIMITS = { name: 200, company: 200, message: 5000 } as const;

/** Same shape the server accepts: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Returns i18n keys (under `contact.errors`) per invalid field; empty when the form can be sent. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'nameRequired';
  else if (name.length > CONTACT_LIMITS.name) errors.name = 'nameTooLong';
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL.test(email)) errors.email = 'emailInvalid';
  if (values.company.trim().length > CONTACT_LIMITS.company) errors.company = 'companyTooLong';
  if (!message) errors.message = 'messageRequired';
  else if (message.length > CONTACT_LIMITS.message) errors.message = 'messageTooLong';
  return errors;
}

export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'company', 'message'];

export function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as string[]).includes(value);
}
