import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, ButtonLink, Card, Dialog, EmptyState, ErrorState, Input, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { compressImage, photosOf, toFieldResponses, useBuiltInText, type FormAnswers } from '../../../components/form-renderer';
import { useProblemLook } from '../../../components/problem-look';
import { useFormTemplates } from '../../../api/queries/form-templates';
import { roomsQuery } from '../../../api/queries/rooms';
import { useSubmitForm } from '../../../api/mutations/form-responses';
import { errorMessage } from '../../../api/api-error';
import { useAuth } from '../../../state/hooks';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/cn';
import { readLastPlace, rememberPlace, type LastPlace } from '../../../lib/last-place';
import { readRememberedProblems, rememberProblems } from '../lib/remembered-problems';
import { placeName, placeWhere, resolvePlace, type ScannedLink } from '../lib/place-link';
import { quickFields, severityChoices, topProblems } from '../lib/quick-form';
import { useRecentObservations } from '../api/use-top-problems';
import { plantProblemsQuery } from '../../../api/queries/plant-problems';
import { suggestProblems } from '../lib/problem-search';
import { LabelScanner } from './label-scanner';
import { PlaceChooser } from './place-chooser';

type Saved = { queued: boolean; problem: string; severity: string | null; place: string };

/** Big enough for a gloved thumb: at least 56 px tall. */
const BIG = 'min-h-14 rounded-xl px-3 text-base font-semibold ring-1 ring-inset transition-colors';

/**
 * One-hand observation on the floor: the place (last scanned label or chosen box), one tap on one of the
 * company's most-seen problems, one on the severity, an optional photo, save. It fills the company's
 * default scouting form and goes through the one form queue, so offline it waits on this device.
 */
export default function QuickObservationPage() {
  const { t } = useTranslation('quick-observation');
  const toast = useToast();
  const online = useOnlineStatus();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const templates = useFormTemplates(companyId);
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 });
  const recent = useRecentObservations(companyId);
  const submit = useSubmitForm(companyId);
  const look = useProblemLook(companyId);
  // The device's copy of the library offline: "Other…" finds a problem by part of its name.
  const library = useQuery({ ...plantProblemsQuery(companyId), enabled: companyId > 0, staleTime: 24 * 60 * 60_000 });
  const builtIn = useBuiltInText();

  const [place, setPlace] = useState<LastPlace | null>(() => (companyId && userId ? readLastPlace(companyId, userId) : null));
  const [problem, setProblem] = useState<string>('');
  const [other, setOther] = useState('');
  const [severity, setSeverity] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [dialog, setDialog] = useState<null | 'scan' | { choose: number | null }>(null);
  const [error, setError] = useState<string | null>(null);

  const fields = useMemo(() => (templates.data ? quickFields(templates.data.templates) : null), [templates.data]);
  // Online the ranking is counted afresh and kept; offline (or if the read fails) the kept one is used.
  // The buttons keep their order while the page is open (a save refreshes the observations): a thumb
  // finds the same problem in the same place.
  const [firstRecent, setFirstRecent] = useState<typeof recent.data>(undefined);
  useEffect(() => {
    if (recent.data && !firstRecent) setFirstRecent(recent.data);
  }, [recent.data, firstRecent]);
  const problems = useMemo(() => {
    const options = fields?.problem.FieldOptions ?? [];
    if (firstRecent) return topProblems(firstRecent, options);
    const kept = readRememberedProblems(companyId);
    return topProblems([], kept.length && options.length ? kept.filter((k) => options.includes(k)).concat(options) : kept.length ? kept : options);
  }, [firstRecent, fields, companyId]);
  useEffect(() => {
    if (recent.data && companyId) rememberProblems(companyId, topProblems(recent.data, []));
  }, [recent.data, companyId]);
  const severities = severityChoices(fields?.severity ?? null);
  const photoUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => void (photoUrl && URL.revokeObjectURL(photoUrl)), [photoUrl]);

  // The place is read again from the rooms: a renamed box shows its new name, a deleted one is dropped.
  const resolved = place && rooms.data ? resolvePlace(place, rooms.data.rooms) : null;
  useEffect(() => {
    if (place && rooms.data && !rooms.data.fromCache && !resolved) setPlace(null);
  }, [place, rooms.data, resolved]);
  const placeLabel = resolved ? [placeName(resolved), placeWhere(resolved)].filter(Boolean).join(' · ') : (place?.label ?? null);

  const choose = (next: Omit<LastPlace, 'at'>) => {
    if (companyId && userId) rememberPlace(companyId, userId, next);
    setPlace({ ...next, at: Date.now() });
    setDialog(null);
    setSaved(null);
  };

  const onScan = (link: Exclude<ScannedLink, { type: 'foreign' }>) => {
    if (link.type === 'place' && (link.place.kind === 'box' || link.place.kind === 'room')) {
      const found = rooms.data ? resolvePlace(link.place, rooms.data.rooms) : null;
      if (!found) {
        setDialog(null);
        toast.warning(t('quick.scanUnknown'));
        return;
      }
      choose({ kind: link.place.kind, id: link.place.id, label: [placeName(found), placeWhere(found)].filter(Boolean).join(' · ') });
      return;
    }
    if (link.type === 'place' && link.place.kind === 'grid') {
      setDialog({ choose: link.place.id });
      return;
    }
    setDialog(null);
    toast.warning(t('quick.scanNotPlace'));
  };

  const [picked, setPicked] = useState<string | null>(null);
  const chosenProblem = (problem === OTHER ? (picked ?? other) : problem).trim();
  const suggestions = problem === OTHER && !picked ? suggestProblems(library.data ?? [], other) : [];

  const save = async () => {
    if (!fields) return;
    if (!place) return setError(t('quick.needPlace'));
    if (!chosenProblem) return setError(t('quick.needProblem'));
    if (fields.severity?.IsRequired && severity === null) return setError(t('quick.needSeverity'));
    if (fields.photo?.IsRequired && !photo) return setError(t('quick.needPhoto'));
    setError(null);
    const answers: FormAnswers = { [fields.problem.FieldID]: chosenProblem };
    if (fields.severity && severity !== null) answers[fields.severity.FieldID] = severity;
    if (fields.photo && photo) answers[fields.photo.FieldID] = photo;
    const box = resolved?.kind === 'box' ? resolved.box : null;
    if (fields.coordinates && box) answers[fields.coordinates.FieldID] = `${box.X},${box.Y}`;
    const where = placeLabel ?? '';
    try {
      const outcome = await submit.mutateAsync({
        ...(place.kind === 'box' ? { kind: 'box' as const, GridBoxID: place.id } : { kind: 'room' as const, roomID: place.id }),
        submittedBy: userId ?? 0,
        templateID: fields.template.TemplateID,
        fieldResponses: toFieldResponses(answers),
        photos: photosOf(answers).map((p) => ({ fieldID: p.fieldID, file: p.image })),
        label: `${t('quick.queueLabel', { problem: look.name(chosenProblem) })} · ${where}`,
      });
      setSaved({ queued: outcome.queued, problem: look.name(chosenProblem), severity, place: where });
      setProblem('');
      setOther('');
      setPicked(null);
      setSeverity(null);
      setPhoto(null);
    } catch (err) {
      setError(errorMessage(err) || t('quick.failed'));
    }
  };

  if (templates.isPending) return <LoadingState />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (!fields) {
    return (
      <EmptyState
        title={t('quick.noFormTitle')}
        description={t('quick.noFormBody')}
        action={<ButtonLink to={paths.formbuilder}>{t('form.openBuilder')}</ButtonLink>}
      />
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 pb-24">
      <PageHeader title={t('quick.title')} description={t('quick.description', { form: builtIn.template(fields.template.TemplateName) })} className="mb-2" />


      <Card>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-wide text-stone-600">{t('quick.place')}</p>
            <p className="break-words text-lg font-semibold text-stone-900" data-testid="quick-place">
              {placeLabel ?? t('quick.noPlace')}
            </p>
          </div>
          <div className="grid shrink-0 grid-cols-2 gap-2">
            <Button variant="secondary" size="lg" onClick={() => setDialog('scan')}>
              {t('quick.scan')}
            </Button>
            <Button variant="secondary" size="lg" onClick={() => setDialog({ choose: null })}>
              {t('quick.choose')}
            </Button>
          </div>
        </div>
      </Card>

      {fields.blockers.length > 0 && (
        <Alert tone="warning" title={t('quick.blockedTitle')}>
          {t('quick.blockedBody', { fields: fields.blockers.map((f) => builtIn.field(f.FieldName)).join(', ') })}
          {place?.kind === 'box' && (
            <ButtonLink className="mt-2" variant="secondary" to={paths.place('box', place.id)}>
              {t('quick.fullForm')}
            </ButtonLink>
          )}
        </Alert>
      )}

      <section aria-labelledby="qo-problem">
        <h2 id="qo-problem" className="mb-2 text-base font-semibold text-stone-900">
          {builtIn.field(fields.problem.FieldName)}
        </h2>
        <div className="grid grid-cols-2 gap-2" role="group" aria-labelledby="qo-problem">
          {[...problems, ...(fields.problem.FieldOptions.length === 0 ? [OTHER] : [])].map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={problem === name}
              onClick={() => {
                setProblem(name);
                setSaved(null);
              }}
              className={cn(BIG, problem === name ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-900 ring-stone-300 hover:bg-stone-100')}
            >
              {name === OTHER ? t('quick.other') : look.name(name)}
            </button>
          ))}
        </div>
        {problems.length === 0 && (recent.isError || recent.data) ? (
          <p className="mt-2 text-sm text-stone-600">{t('quick.rankNone')}</p>
        ) : (
          recent.isError && <p className="mt-2 text-sm text-stone-600">{t('quick.rankUnavailable')}</p>
        )}
        {problem === OTHER && (
          <div className="mt-3">
            <Input
              label={t('quick.otherLabel')}
              hint={t('quick.otherHint')}
              value={picked ? look.name(picked) : other}
              onChange={(e) => {
                setPicked(null);
                setOther(e.target.value);
              }}
              autoFocus
              maxLength={200}
            />
            {suggestions.length > 0 && (
              <ul className="mt-2 grid gap-2" aria-label={t('quick.suggestions')}>
                {suggestions.map((s) => (
                  <li key={s.name}>
                    <button
                      type="button"
                      onClick={() => setPicked(s.name)}
                      className={cn(BIG, 'w-full bg-white text-left text-stone-900 ring-stone-300 hover:bg-stone-100')}
                    >
                      {s.label}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>

      {fields.severity && (
        <section aria-labelledby="qo-severity">
          <h2 id="qo-severity" className="mb-2 text-base font-semibold text-stone-900">
            {builtIn.field(fields.severity.FieldName)}
            {fields.severity.FieldOptions.length === 0 && <span className="ml-2 text-sm font-normal text-stone-600">{t('quick.scaleHint')}</span>}
          </h2>
          <div
            className="grid gap-2"
            style={{ gridTemplateColumns: `repeat(${Math.min(severities.length, 6)}, minmax(0, 1fr))` }}
            role="group"
            aria-labelledby="qo-severity"
          >
            {severities.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={severity === s}
                onClick={() => setSeverity(severity === s ? null : s)}
                className={cn(BIG, 'px-1', severity === s ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-900 ring-stone-300 hover:bg-stone-100')}
              >
                {builtIn.option(s)}
              </button>
            ))}
          </div>
        </section>
      )}

      {fields.photo && (
        <section className="flex items-center gap-3">
          <label className={cn(BIG, 'inline-flex flex-1 cursor-pointer items-center justify-center bg-white text-stone-900 ring-stone-300 hover:bg-stone-100 focus-within:ring-2 focus-within:ring-brand-600')}>
            {photo ? t('quick.retakePhoto') : t('quick.addPhoto')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void compressImage(file).then(setPhoto);
              }}
            />
          </label>
          {photoUrl && (
            <>
              <img src={photoUrl} alt={t('quick.photoAlt')} className="size-14 rounded-lg object-cover" />
              <Button variant="ghost" onClick={() => setPhoto(null)}>
                {t('quick.removePhoto')}
              </Button>
            </>
          )}
        </section>
      )}

      {error && <Alert tone="danger">{error}</Alert>}

      <div className="sticky bottom-20 z-10 flex flex-col gap-2 lg:bottom-4">
        {saved && (
          <div role="status" className={cn('rounded-xl p-4 shadow-lg ring-1 ring-inset', saved.queued ? 'bg-amber-50 ring-amber-300' : 'bg-green-50 ring-green-300')}>
            <p className="text-lg font-bold text-stone-900">{saved.queued ? t('quick.queuedTitle') : t('quick.savedTitle')}</p>
            <p className="text-stone-800">
              {saved.severity !== null
                ? t('quick.savedWhatSeverity', { problem: saved.problem, severity: saved.severity, place: saved.place })
                : t('quick.savedWhat', { problem: saved.problem, place: saved.place })}
            </p>
            {saved.queued && <p className="mt-1 text-sm text-stone-700">{t('quick.queuedBody')}</p>}
          </div>
        )}
        <Button size="lg" block className="min-h-16 text-lg shadow-lg" loading={submit.isPending} onClick={() => void save()} disabled={fields.blockers.length > 0}>
          {online ? t('quick.save') : t('quick.saveOffline')}
        </Button>
      </div>

      <Dialog open={dialog === 'scan'} onClose={() => setDialog(null)} title={t('quick.scanTitle')}>
        {dialog === 'scan' && <LabelScanner onLink={onScan} />}
      </Dialog>
      <Dialog open={typeof dialog === 'object' && dialog !== null} onClose={() => setDialog(null)} title={t('quick.chooseTitle')}>
        {typeof dialog === 'object' && dialog !== null && rooms.data && (
          <PlaceChooser rooms={rooms.data.rooms} startGridId={dialog.choose} onChoose={choose} />
        )}
        {typeof dialog === 'object' && dialog !== null && rooms.isPending && <LoadingState />}
        {typeof dialog === 'object' && dialog !== null && rooms.isError && <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />}
      </Dialog>
    </div>
  );
}

/** The "other problem" button's key (not a problem name: names never start with a NUL). */
const OTHER = '\u0000other';
