import { PASSWORD_MIN_LENGTH } from '@verdant/contract';

export interface PasswordCheck {
  minLength: boolean;
  notEmail: boolean;
}

/** The server's password rules, checked as the user types: at least 8 characters, not the e-mail. */
export function checkPassword(password: string, email?: string): PasswordCheck {
  const e = email?.trim().toLowerCase();
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    notEmail: !e || password.trim().toLowerCase() !== e,
  };
}

export function passwordOk(check: PasswordCheck) {
  return check.minLength && check.notEmail;
}
