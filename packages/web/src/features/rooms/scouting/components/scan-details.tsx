import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, LoadingText } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { cn } from '../../../../lib/cn';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { useAuth } from '../../../../state/hooks';
import { scanDetailsQuery, type ScanDetails } from '../../../../api/queries/rooms';
import { useFormatDate } from '../../../../lib/format-date';

export interface ScanDetailsToggleProps {
  kind: 'room' | 'grid';
  id: number;
  name: string;
  className?: string;
}

/** "Scouting" disclosure: opens a panel with the room's or grid's scan marks of this round and earlier ones. */
export function ScanDetailsToggle({ kind, id, name, className }: ScanDetailsToggleProps) {
  const { t } = useTranslation('rooms');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={className}>
      <Button
        variant="ghost"
        size="md"
        className="-ml-2 text-brand-800"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="history" className="size-4" />
        {open ? t('scouting.hide') : t('scouting.show')}
        <Icon name={open ? 'up' : 'down'} className="size-4" />
      </Button>
      <div id={panelId} hidden={!open}>
        {open && <ScanDetailsPanel kind={kind} id={id} name={name} />}
      </div>
    </div>
  );
}

function who(name: string | null, userId: number | null, me: number | null, t: (k: string, o?: Record<string, unknown>) => string) {
  if (userId !== null && userId === me) return t('scan.you');
  return name ?? (userId !== null ? t('scan.userN', { id: userId }) : t('scouting.unknownUser'));
}

export function ScanDetailsPanel({ kind, id, name }: Omit<ScanDetailsToggleProps, 'className'>) {
  const { t } = useTranslation('rooms');
  const { companyID, userId } = useAuth();
  const online = useOnlineStatus();
  const formatDate = useFormatDate();
  const details = useQuery({ ...scanDetailsQuery(companyID ?? 0, kind, id), enabled: online && Boolean(companyID) });

  let body: React.ReactNode;
  if (!online) body = <p className="text-sm text-stone-600">{t('scouting.offline')}</p>;
  else if (details.isPending) body = <LoadingText />;
  else if (details.isError)
    body = (
      <Alert
        tone="danger"
        action={
          <Button size="sm" variant="secondary" onClick={() => void details.refetch()}>
            {t('app:ui.retry')}
          </Button>
        }
      >
        {t('scouting.failed')}
      </Alert>
    );
  else body = <DetailsBody d={details.data} me={userId} formatDate={formatDate} />;

  return (
    <section
      aria-label={t('scouting.label', { name })}
      className="mt-1 w-full max-w-md rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm"
    >
      {body}
    </section>
  );
}

function DetailsBody({ d, me, formatDate }: { d: ScanDetails; me: number | null; formatDate: (iso: string) => string }) {
  const { t } = useTranslation('rooms');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {d.Scanned ? <Badge tone="success">{t('scan.scanned')}</Badge> : <Badge tone="warning">{t('scan.notScanned')}</Badge>}
        {d.Scanned && d.ScannedDateTime && (
          <span className="text-stone-700">
            {t('scan.whenBy', { when: formatDate(d.ScannedDateTime), who: who(d.LastScannedByName, d.LastScannedBy, me, t) })}
          </span>
        )}
      </div>

      <div>
        <h4 className="font-semibold text-stone-900">
          {d.current_round ? t('scouting.thisRound', { when: formatDate(d.current_round.started_at) }) : t('scouting.thisRoundNone')}
        </h4>
        {d.marks.length === 0 ? (
          <p className="text-stone-600">{t('scouting.noMarks')}</p>
        ) : (
          <ol className="mt-1 space-y-1" aria-label={t('scouting.marks')}>
            {d.marks.map((m) => (
              <li key={m.mark_id} className="flex items-start gap-2 text-stone-800">
                <Icon name="check" className="mt-0.5 size-4 shrink-0 text-green-700" />
                <span>{t('scan.whenBy', { when: formatDate(m.scanned_at), who: who(m.user_name, m.user_id, me, t) })}</span>
              </li>
            ))}
          </ol>
        )}
      </div>

      {d.previous_rounds.length > 0 && (
        <div>
          <h4 className="font-semibold text-stone-900">{t('scouting.earlier')}</h4>
          <ol className="mt-1 space-y-1" aria-label={t('scouting.earlier')}>
            {d.previous_rounds.map((r) => (
              <li key={r.round_id} className="flex flex-wrap gap-x-2 text-stone-800">
                <span className="text-stone-600">{t('scouting.roundStarted', { when: formatDate(r.started_at) })}</span>
                <span className={cn(!r.last_mark && 'text-amber-900')}>
                  {r.last_mark
                    ? t('scouting.lastMark', { when: formatDate(r.last_mark.scanned_at), who: who(r.last_mark.user_name, r.last_mark.user_id, me, t) })
                    : t('scouting.notScannedThen')}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
