import type { TFunction } from 'i18next';

/**
 * Shows a known server text (one of the contract's message tables) in the user's language, as
 * `<keyPrefix>.<key>`; any other text passes through unchanged.
 */
export function translateServerMessage(
  message: string,
  messages: Readonly<Record<string, string>>,
  t: TFunction,
  keyPrefix: string,
): string {
  const key = Object.keys(messages).find((k) => messages[k] === message);
  return key ? t(`${keyPrefix}.${key}`, { defaultValue: message }) : message;
}
