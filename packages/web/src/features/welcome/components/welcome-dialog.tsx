import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@verdant/contract';
import { Button, Dialog } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { dismissWelcome } from '../../../lib/welcome';

interface Step {
  key: string;
  to?: string;
}

/** The three things to do first: admins set the place up, scouts go out and scout. */
export function firstSteps(role: Role | null): Step[] {
  if (role === 'Admin' || role === 'SuperAdmin') {
    return [
      { key: 'room', to: paths.rooms },
      { key: 'invite', to: paths.company },
      { key: 'form', to: paths.formbuilder },
    ];
  }
  return [{ key: 'openRoom', to: paths.rooms }, { key: 'scoutBox' }, { key: 'offline' }];
}

const linkClass =
  'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-600';

/** Shown once, on the landing page after a user's first sign-in (see lib/welcome). */
export default function WelcomeDialog({ userId, role }: { userId: number; role: Role | null }) {
  const { t } = useTranslation('welcome');
  const [open, setOpen] = useState(true);
  const close = () => {
    dismissWelcome(userId);
    setOpen(false);
  };
  const steps = firstSteps(role);
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('title')}
      description={t('intro')}
      footer={
        <Button onClick={close} block>
          {t('start')}
        </Button>
      }
    >
      <ol className="space-y-3">
        {steps.map((step, i) => (
          <li key={step.key} className="flex gap-3">
            <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
              {i + 1}
            </span>
            <div className="text-sm text-stone-700">
              {step.to ? (
                <Link to={step.to} onClick={close} className={linkClass}>
                  {t(`steps.${step.key}.title`)}
                </Link>
              ) : (
                <span className="font-semibold text-stone-900">{t(`steps.${step.key}.title`)}</span>
              )}
              <p className="mt-0.5">{t(`steps.${step.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
