import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Camera } from '@verdant/contract';
import { errorMessage } from '../../../api/api-error';
import { Alert, Badge, Button, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { cameraKeys, camerasQuery, revokeCameraToken, rotateCameraToken } from '../api';
import { RegisterCameraForm } from './register-camera-form';
import { TokenPanel } from './token-panel';

type Pending = { camera: Camera; action: 'revoke' | 'rotate' };

/** automatedcameras: the company's fixed cameras; Admins register them and revoke or replace their tokens. */
export default function CamerasPage() {
  const { t, i18n } = useTranslation('cameras');
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const qc = useQueryClient();
  const cameras = useQuery(camerasQuery(companyId));
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const change = useMutation({
    mutationFn: ({ camera, action }: Pending) => (action === 'revoke' ? revokeCameraToken(companyId, camera.camera_id) : rotateCameraToken(companyId, camera.camera_id)),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: cameraKeys.all(companyId) });
      // Rotating answers the new token (once); revoking answers none.
      const token = (res as { ingest_token?: string }).ingest_token;
      if (token) setIssued({ name: res.camera.name, token });
      setPending(null);
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      {issued && <TokenPanel name={issued.name} token={issued.token} onDone={() => setIssued(null)} />}
      {isAdmin && <RegisterCameraForm companyId={companyId} onIssued={(name, token) => setIssued({ name, token })} />}
      {change.isError && <Alert tone="danger" className="mb-3">{errorMessage(change.error)}</Alert>}
      {cameras.isPending ? (
        <LoadingState />
      ) : cameras.isError ? (
        <ErrorState error={cameras.error} onRetry={() => void cameras.refetch()} />
      ) : cameras.data.length === 0 ? (
        <EmptyState title={t('list.empty')} description={isAdmin ? t('list.emptyAdmin') : t('list.emptyRegular')} />
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label={t('list.title')}>
          {cameras.data.map((c) => (
            <li key={c.camera_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link className="min-w-0 hover:underline" to={paths.automatedcameradetail(c.camera_id)}>
                <span className="block font-medium text-stone-900">{c.name}</span>
                <span className="block text-sm text-stone-600">
                  {[c.RoomName, c.GridName].filter(Boolean).join(' › ')} ·{' '}
                  {c.last_ingest_at ? t('list.last', { when: date.format(new Date(c.last_ingest_at)), count: c.image_count }) : t('list.never')}
                </span>
              </Link>
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone={c.token_status === 'active' ? 'success' : 'danger'}>{t(`status.${c.token_status}`)}</Badge>
                <span className="font-mono text-xs text-stone-600" title={t('list.hint')}>{c.token_hint}</span>
                {isAdmin && c.token_status === 'active' && (
                  <Button variant="secondary" size="sm" onClick={() => setPending({ camera: c, action: 'revoke' })}>
                    {t('action.revoke')}
                  </Button>
                )}
                {isAdmin && (
                  <Button variant="secondary" size="sm" onClick={() => setPending({ camera: c, action: 'rotate' })}>
                    {t('action.rotate')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        destructive
        loading={change.isPending}
        title={pending ? t(`confirm.${pending.action}Title`, { name: pending.camera.name }) : ''}
        description={pending ? t(`confirm.${pending.action}Text`) : ''}
        confirmLabel={pending ? t(`action.${pending.action}`) : ''}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && change.mutate(pending)}
      />
    </div>
  );
}
