import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormTemplate } from '@verdant/contract';
import { Alert, Badge, Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useFormTemplates } from '../../../api/queries/form-templates';
import { useAuth } from '../../../state/hooks';
import { useDeleteTemplate, useResetTemplates } from '../api/use-template-mutations';
import { paths } from '../../../lib/paths';
import { useBuiltInText } from '../../../components/form-renderer';

/** formbuilder: the company's form templates, to build, edit, fill in, restore or delete. */
export default function FormbuilderPage() {
  const { t } = useTranslation('formbuilder');
  const builtIn = useBuiltInText();
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const templates = useFormTemplates(companyId);
  const remove = useDeleteTemplate(companyId);
  const reset = useResetTemplates(companyId);
  const [toDelete, setToDelete] = useState<FormTemplate | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const doDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: (res) => {
        toast.success(res.retired ? t('list.retired', { name: toDelete.TemplateName }) : t('list.deleted', { name: toDelete.TemplateName }));
        setToDelete(null);
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };
  const doReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('list.resetDone'));
        setConfirmReset(false);
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });

  return (
    <div>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          isAdmin && (
            <>
              <Button variant="secondary" onClick={() => setConfirmReset(true)}>
                {t('list.reset')}
              </Button>
              <ButtonLink to={paths.newFormTemplate}>{t('list.new')}</ButtonLink>
            </>
          )
        }
      />
      {templates.data?.fromCache && (
        <Alert tone="info" className="mb-4" title={t('list.offlineTitle')}>
          {t('list.offlineBody')}
        </Alert>
      )}
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      ) : templates.data.templates.length === 0 ? (
        <EmptyState
          title={t('list.emptyTitle')}
          description={isAdmin ? t('list.emptyBody') : t('list.emptyBodyRegular')}
          action={isAdmin && <ButtonLink to={paths.newFormTemplate}>{t('list.new')}</ButtonLink>}
        />
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-stone-200" aria-label={t('list.title')}>
            {templates.data.templates.map((tpl) => {
              const fieldCount = tpl.fields.filter((f) => f.IsActive).length;
              return (
                <li key={tpl.TemplateID} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5">
                  <div className="min-w-0 sm:flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      {isAdmin ? (
                        <Link to={paths.formTemplate(tpl)} className="font-semibold text-stone-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                          {builtIn.template(tpl.TemplateName)}
                        </Link>
                      ) : (
                        <span className="font-semibold text-stone-900">{builtIn.template(tpl.TemplateName)}</span>
                      )}
                      {tpl.DefaultForType && <Badge tone="brand">{t('list.defaultFor', { type: t(`templateTypes.${tpl.DefaultForType}`) })}</Badge>}
                    </div>
                    <p className="mt-0.5 text-sm text-stone-600">
                      {/* A built-in category reads as its name ("Sticky traps"), never its key (sticky_trap); a company's own as written. */}
                      {[
                        tpl.FormCategory ? t(`templateTypes.${tpl.FormCategory.toLowerCase()}`, { defaultValue: tpl.FormCategory }) : t('list.noCategory'),
                        t('list.fieldCount', { count: fieldCount }),
                      ].join(' · ')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2 sm:shrink-0">
                    <ButtonLink variant="secondary" to={paths.submitForm(tpl)} aria-label={t('list.fillNamed', { name: builtIn.template(tpl.TemplateName) })}>
                      {t('list.fill')}
                    </ButtonLink>
                    {isAdmin && (
                      <>
                        <ButtonLink variant="secondary" to={paths.formTemplate(tpl)} aria-label={t('list.editNamed', { name: builtIn.template(tpl.TemplateName) })}>
                          {t('list.edit')}
                        </ButtonLink>
                        <Button variant="ghost" className="text-red-800" onClick={() => setToDelete(tpl)} aria-label={t('list.deleteNamed', { name: builtIn.template(tpl.TemplateName) })}>
                          {t('list.delete')}
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('list.deleteTitle', { name: toDelete?.TemplateName ?? '' })}
        description={t('list.deleteBody')}
        confirmLabel={t('list.deleteConfirm')}
        destructive
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={confirmReset}
        title={t('list.resetTitle')}
        description={t('list.resetBody')}
        confirmLabel={t('list.resetConfirm')}
        destructive
        loading={reset.isPending}
        onConfirm={doReset}
        onCancel={() => setConfirmReset(false)}
      />
    </div>
  );
}
