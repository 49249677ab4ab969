import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SCOUTING_DAYS_MAX } from '@verdant/contract';
import { Button, Card, ErrorState, Input, LoadingState, Select, useToast } from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { errorMessage } from '../../../api/api-error';
import { scoutingFrequencyQuery } from '../../../api/queries/scouting-coverage';
import { roomListQuery } from '../../../api/queries/rooms';
import { useSetScoutingFrequency } from '../api/use-set-scouting-frequency';

/** '' and '0' clear; otherwise a whole number 1–365, else null (not valid). */
export function parseDays(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= SCOUTING_DAYS_MAX ? n : null;
}

function RoomOverrideForm({ companyId, taken, onDone }: { companyId: number; taken: number[]; onDone: () => void }) {
  const { t } = useTranslation('scouting-coverage');
  const toast = useToast();
  const rooms = useQuery(roomListQuery(companyId));
  const save = useSetScoutingFrequency(companyId);
  const [roomId, setRoomId] = useState('');
  const [days, setDays] = useState('');
  const [invalid, setInvalid] = useState(false);
  const options = (rooms.data ?? []).filter((r) => !taken.includes(r.RoomID)).map((r) => ({ value: String(r.RoomID), label: r.Name }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = parseDays(days);
    if (n === null || n === 0 || !roomId) return setInvalid(true);
    setInvalid(false);
    save.mutate(
      { days: n, roomId: Number(roomId) },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onDone();
        },
        onError: (err) => toast.danger(t('settings.failed', { reason: errorMessage(err) })),
      },
    );
  };

  if (rooms.isPending) return <LoadingState />;
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
      <Select label={t('settings.room')} value={roomId} placeholder="—" options={options} onChange={(e) => setRoomId(e.target.value)} required />
      <Input
        label={t('settings.days')}
        type="number"
        min={1}
        max={SCOUTING_DAYS_MAX}
        step={1}
        inputMode="numeric"
        value={days}
        required
        error={invalid ? t('settings.invalid') : undefined}
        onChange={(e) => setDays(e.target.value)}
      />
      <Button type="submit" loading={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

/** How often rooms must be scouted: the company's interval and the rooms with their own. */
export function ScoutingFrequencyCard({ companyId, readOnly }: { companyId: number; readOnly: boolean }) {
  const { t } = useTranslation('scouting-coverage');
  const toast = useToast();
  const current = useQuery(scoutingFrequencyQuery(companyId));
  const save = useSetScoutingFrequency(companyId);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (current.data) setValue(current.data.due_every_days === null ? '' : String(current.data.due_every_days));
  }, [current.data]);

  const onError = (err: unknown) => toast.danger(t('settings.failed', { reason: errorMessage(err) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const days = parseDays(value);
    if (days === null) return setInvalid(true);
    setInvalid(false);
    save.mutate({ days }, { onSuccess: (res) => toast.success(res.message), onError });
  };

  return (
    <Card title={t('settings.title')} description={t('settings.description')}>
      {current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <div className="space-y-5">
          <form onSubmit={submit} noValidate className="space-y-4">
            <Input
              label={t('settings.companyLabel')}
              hint={t('settings.companyHint')}
              type="number"
              min={0}
              max={SCOUTING_DAYS_MAX}
              step={1}
              inputMode="numeric"
              value={value}
              disabled={readOnly}
              error={invalid ? t('settings.invalid') : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
            {!readOnly && (
              <Button type="submit" loading={save.isPending && save.variables?.roomId === undefined}>
                {t('settings.save')}
              </Button>
            )}
          </form>
          <section aria-labelledby="scouting-room-overrides" className="space-y-3">
            <h3 id="scouting-room-overrides" className="text-sm font-semibold text-stone-800">
              {t('settings.roomsTitle')}
            </h3>
            {current.data.rooms.length === 0 ? (
              <p className="text-sm text-stone-600">{t('settings.noOverrides')}</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
                {current.data.rooms.map((r) => (
                  <li key={r.RoomID} className="flex items-center justify-between gap-3 px-3 py-2 text-sm text-stone-800">
                    <span>{t('settings.roomDays', { name: r.Name, count: r.due_every_days })}</span>
                    {!readOnly && (
                      <Button
                        variant="ghost"
                        aria-label={t('settings.remove', { name: r.Name })}
                        onClick={() => save.mutate({ days: 0, roomId: r.RoomID }, { onSuccess: (res) => toast.success(res.message), onError })}
                      >
                        <Icon name="cross" className="size-4" />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {!readOnly &&
              (adding ? (
                <RoomOverrideForm companyId={companyId} taken={current.data.rooms.map((r) => r.RoomID)} onDone={() => setAdding(false)} />
              ) : (
                <Button variant="secondary" onClick={() => setAdding(true)}>
                  {t('settings.add')}
                </Button>
              ))}
          </section>
        </div>
      )}
    </Card>
  );
}
