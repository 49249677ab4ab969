import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import type { PasswordCheck } from '../lib/password-rules';

/** The rules, visible before submit, each ticked as it is met. */
export function PasswordRules({ check, showEmailRule = true, id }: { check: PasswordCheck; showEmailRule?: boolean; id?: string }) {
  const { t } = useTranslation('auth');
  const rules: Array<[boolean, string]> = [[check.minLength, t('password.minLength')]];
  if (showEmailRule) rules.push([check.notEmail, t('password.notEmail')]);
  return (
    <ul id={id} className="space-y-1 text-sm" aria-label={t('password.rulesLabel')}>
      {rules.map(([ok, text]) => (
        <li key={text} className={cn('flex items-center gap-2', ok ? 'text-green-800' : 'text-stone-600')}>
          <Icon name={ok ? 'check' : 'cross'} className="size-4 shrink-0" />
          <span>
            {text}
            <span className="sr-only">{ok ? ` (${t('password.met')})` : ` (${t('password.notMet')})`}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
