import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlantProblem } from '@verdant/contract';
import { Badge, Button, Card, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useSetEppoCode } from '../api/use-plant-problems';

const EPPO = /^[A-Z0-9]{5,6}$/;

/** The problem's EPPO code (the register and its exports name it by this); admins set the company's own or clear it. */
export function EppoCodeCard({ companyId, problem, canEdit }: { companyId: number; problem: PlantProblem; canEdit: boolean }) {
  const { t } = useTranslation('plant-problems');
  const toast = useToast();
  const save = useSetEppoCode(companyId, problem.problem_id);
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState(problem.eppo_code ?? '');
  const [tried, setTried] = useState(false);
  const value = code.trim().toUpperCase();
  const error = value !== '' && !EPPO.test(value) ? t('eppo.invalid') : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error) return;
    save.mutate(value, {
      onSuccess: () => {
        toast.success(t('eppo.saved'));
        setEditing(false);
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };

  return (
    <Card as="section" title={t('eppo.title')} description={t('eppo.description')}>
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <Input label={t('eppo.code')} hint={t('eppo.hint')} className="uppercase" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={tried ? error : undefined} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={save.isPending}>{t('actions.cancel')}</Button>
            <Button type="submit" loading={save.isPending}>{t('eppo.save')}</Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          {problem.eppo_code ? <Badge tone="info">{problem.eppo_code}</Badge> : <span className="text-stone-600">{t('eppo.none')}</span>}
          {canEdit ? (
            <Button variant="secondary" size="sm" onClick={() => { setCode(problem.eppo_code ?? ''); setTried(false); setEditing(true); }}>{t('eppo.edit')}</Button>
          ) : (
            <span className="text-stone-600">{t('eppo.adminsOnly')}</span>
          )}
        </div>
      )}
    </Card>
  );
}
