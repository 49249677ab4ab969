import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, type AuditEvent } from '@verdant/contract';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Input, LoadingState, PageHeader, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { AuditFilters } from '../../../api/audit';
import { useAuth } from '../../../state/hooks';
import { auditEventsQuery } from '../../../api/queries/audit';
import { useAuditActions } from '../api/use-audit';
import { paths } from '../../../lib/paths';
import { auditTitle } from '../lib/audit-title';

const KINDS = ['audit_note', 'batch', 'room', 'grid', 'form', 'comment', 'user', 'company_settings'] as const;

/** The keys whose value differs between before and after, in a stable order. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).sort();
}

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function Diff({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('audit-trail');
  const keys = changedKeys(event.before, event.after);
  if (keys.length === 0) return <p className="text-sm text-neutral-500">{t('noChanges')}</p>;
  const b = (event.before ?? {}) as Record<string, unknown>;
  const a = (event.after ?? {}) as Record<string, unknown>;
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead>
        <tr><th>{t('field')}</th><th>{t('before')}</th><th>{t('after')}</th></tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k}>
            <td className="font-medium">{k}</td>
            <td className="text-red-700 line-through">{show(b[k])}</td>
            <td className="text-green-700">{show(a[k])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventRow({ event, companyId }: { event: AuditEvent; companyId: number }) {
  const { t, i18n } = useTranslation('audit-trail');
  const toast = useToast();
  const { edit, remove } = useAuditActions(companyId);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(event.CreatedAt));
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!editing?.trim()) return;
    edit.mutate({ id: event.id, title: editing.trim() }, {
      onSuccess: () => { setEditing(null); toast.success(t('updated')); },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };
  return (
    <li className="rounded border border-neutral-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        {editing === null ? (
          <strong>{auditTitle(event, t)}</strong>
        ) : (
          <form onSubmit={save} className="flex gap-2">
            <Input label={t('editLabel')} value={editing} onChange={(e) => setEditing(e.target.value)} />
            <Button type="submit" loading={edit.isPending}>{t('save')}</Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>{t('cancel')}</Button>
          </form>
        )}
        <Badge tone={event.Action === 'note' ? 'info' : 'neutral'}>{event.Action === 'note' ? t('kinds.note') : t('kinds.system')}</Badge>
      </div>
      <p className="text-sm text-neutral-600">
        {t('byWhen', { who: event.UserName ?? t('unknownUser'), when })}
        {event.RoomID ? <> · <Link to={paths.room(event.RoomID)}>{t('room', { id: event.RoomID })}</Link></> : null}
        {event.BatchID ? <> · <Link to={paths.batch(event.BatchID)}>{t('batch', { id: event.BatchID })}</Link></> : null}
      </p>
      <div className="mt-1 flex gap-2">
        {event.before != null || (event.after != null && event.Action !== 'note') ? (
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>{open ? t('hideChanges') : t('showChanges')}</Button>
        ) : null}
        {event.editable && editing === null ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => setEditing(event.EventTitle)}>{t('edit')}</Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>{t('delete')}</Button>
          </>
        ) : null}
      </div>
      {open ? <Diff event={event} /> : null}
      <ConfirmDialog
        open={confirming}
        destructive
        title={t('deleteTitle')}
        description={t('deleteBody', { title: event.EventTitle })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: () => { setConfirming(false); toast.success(t('deleted')); },
            onError: (err) => toast.danger(errorMessage(err)),
          })
        }
      />
    </li>
  );
}

function AddNote({ companyId, userId }: { companyId: number; userId: number }) {
  const { t } = useTranslation('audit-trail');
  const toast = useToast();
  const { add } = useAuditActions(companyId);
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    add.mutate({ UserID: userId, EventTitle: title.trim(), RoomID: null, BatchID: null }, {
      onSuccess: () => { setTitle(''); toast.success(t('added')); },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2" aria-label={t('addNote')}>
      <Input label={t('noteLabel')} value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} />
      <Button type="submit" loading={add.isPending} disabled={!title.trim()}>{t('addNote')}</Button>
    </form>
  );
}

export default function AuditTrailPage() {
  const { t } = useTranslation('audit-trail');
  const { companyID, userId, userRole } = useAuth();
  const [filters, setFilters] = useState<AuditFilters>({});
  const isAdmin = !!userRole && ADMIN_ROLES.includes(userRole);
  const query = useQuery({ ...auditEventsQuery(companyID ?? 0, filters), enabled: !!companyID && isAdmin });
  const set = (k: keyof AuditFilters, v: string | number | undefined) => setFilters((f) => ({ ...f, [k]: v || undefined }));
  const people = new Map<number, string>();
  for (const e of query.data?.events ?? []) if (e.UserID) people.set(e.UserID, e.UserName ?? String(e.UserID));
  if (filters.user_id && !people.has(filters.user_id)) people.set(filters.user_id, String(filters.user_id));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="space-y-4">
      <PageHeader title={t('title')} description={t('description')} />
      {companyID && userId ? <AddNote companyId={companyID} userId={userId} /> : null}
      {!isAdmin ? (
        <EmptyState title={t('adminsOnlyTitle')} description={t('adminsOnlyBody')} />
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Input type="date" label={t('from')} value={filters.start_date ?? ''} onChange={(e) => set('start_date', e.target.value)} />
            <Input type="date" label={t('to')} value={filters.end_date ?? ''} onChange={(e) => set('end_date', e.target.value)} />
            <Select
              label={t('who')}
              value={String(filters.user_id ?? '')}
              onChange={(e) => set('user_id', Number(e.target.value))}
              options={[{ value: '', label: t('everyone') }, ...[...people].map(([id, name]) => ({ value: String(id), label: name }))]}
            />
            <Select
              label={t('kind')}
              value={filters.entity_type ?? ''}
              onChange={(e) => set('entity_type', e.target.value)}
              options={[{ value: '', label: t('allKinds') }, ...KINDS.map((k) => ({ value: k, label: t(`entities.${k}`) }))]}
            />
          </div>
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.events.length === 0 ? (
            <EmptyState title={filtered ? t('noMatchTitle') : t('emptyTitle')} description={filtered ? t('noMatchBody') : t('emptyBody')} />
          ) : (
            <>
              <p className="text-sm text-neutral-500">{t('count', { count: query.data.total_count })}</p>
              <ul aria-label={t('listLabel')} className="space-y-2">
                {query.data.events.map((e) => <EventRow key={e.id} event={e} companyId={companyID!} />)}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
