import type { TFunction } from 'i18next';
import { authMessages } from '@verdant/contract';
import { translateServerMessage } from '../../../lib/server-message';

export function translateAuthMessage(message: string, t: TFunction): string {
  return translateServerMessage(message, authMessages, t, 'auth:server');
}
