import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridBox } from '@verdant/contract';
import { Alert, Button, ButtonLink, Dialog, ErrorState, Input, LoadingState, Select, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { sprayProductsQuery } from '../../../../api/queries/treatments';
import { useFormatDate } from '../../../../lib/format-date';
import { paths } from '../../../../lib/paths';
import { useApplyTreatment } from '../api/use-apply-treatment';
import { useBoxTargets } from '../api/use-box-targets';
import { useBoxCrossings } from '../api/use-box-crossings';
import { ApplyTreatmentRegisterFields, checkRegisterDraft, emptyRegisterDraft } from './apply-treatment-register-fields';
import { TargetsFieldset } from './apply-treatment-releases';

/** Now as the value of a datetime-local input (local time, minutes). */
function localNow(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export interface ApplyTreatmentDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: number;
  roomName: string;
  boxes: ReadonlyArray<Pick<GridBox, 'id' | 'GridID' | 'NoEntryUntil'>>;
  /** After the application is recorded (sent, or waiting in the outbox). */
  onApplied: () => void;
}

/** Records that a spray product was applied to the boxes chosen on the map: which product, when, how much. */
export function ApplyTreatmentDialog({ open, onClose, companyId, roomName, boxes, onApplied }: ApplyTreatmentDialogProps) {
  const { t } = useTranslation('rooms');
  return (
    <Dialog open={open} onClose={onClose} title={t('treat.title', { count: boxes.length })} description={t('treat.description', { room: roomName })}>
      {open && <ApplyForm companyId={companyId} roomName={roomName} boxes={boxes} onClose={onClose} onApplied={onApplied} />}
    </Dialog>
  );
}

function ApplyForm({ companyId, roomName, boxes, onClose, onApplied }: Omit<ApplyTreatmentDialogProps, 'open'>) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const formatDate = useFormatDate();
  const products = useQuery({ ...sprayProductsQuery(companyId), enabled: companyId > 0 });
  const apply = useApplyTreatment(companyId);
  const [productId, setProductId] = useState('');
  const [when, setWhen] = useState(localNow);
  const [quantity, setQuantity] = useState('');
  const [tried, setTried] = useState(false);
  const [draft, setDraft] = useState(emptyRegisterDraft);
  const targets = useBoxTargets(companyId, boxes);
  const crossings = useBoxCrossings(companyId, boxes);
  /** The server's refusal of the last try (a label rule, a lot, …), shown until the next try. */
  const [refusal, setRefusal] = useState<string | null>(null);

  if (products.isPending) return <LoadingState />;
  if (products.isError) return <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="info">{t('treat.noProducts')}</Alert>
        <ButtonLink to={paths.treatmentProduct} variant="secondary">
          {t('treat.openProducts')}
        </ButtonLink>
      </div>
    );
  }

  const product = products.data.find((p) => String(p.product_id) === productId) ?? null;
  const at = when ? new Date(when) : null;
  const amount = Number(quantity.replace(',', '.'));
  const errors = {
    product: product ? null : t('treat.productRequired'),
    when: at && !Number.isNaN(at.getTime()) ? null : t('treat.whenRequired'),
    quantity: quantity.trim() !== '' && Number.isFinite(amount) && amount > 0 ? null : t('treat.quantityInvalid'),
  };
  const checked = checkRegisterDraft(draft, errors.when ? null : at, products.data, targets.targets, crossings.crossings);
  const reentryEnd = product?.reentry_interval_hours && at && !errors.when ? new Date(at.getTime() + product.reentry_interval_hours * 3_600_000).toISOString() : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setRefusal(null);
    if (!product || !at || errors.when || errors.quantity || Object.keys(checked.errors).length > 0) return;
    apply.mutate(
      {
        product, appliedAt: at.toISOString(), quantity: amount, boxes, register: checked.register,
        label: t('treat.queueLabel', { product: product.name, count: boxes.length, room: roomName }),
      },
      {
        onSuccess: ({ queued, until }) => {
          const done = until ? t('treat.appliedUntil', { product: product.name, count: boxes.length, until: formatDate(until) }) : t('treat.applied', { product: product.name, count: boxes.length });
          if (queued) toast.info(`${done} ${t('treat.queued')}`);
          else toast.success(done);
          onApplied();
        },
        onError: (err) => setRefusal(t('treat.failed', { reason: errorMessage(err) })),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Select
        label={t('treat.product')}
        value={productId}
        onChange={(e) => setProductId(e.target.value)}
        required
        placeholder={t('treat.pickProduct')}
        options={products.data.map((p) => ({ value: String(p.product_id), label: p.name }))}
        error={tried ? errors.product : undefined}
      />
      {product && (
        <p className="text-sm text-stone-700" data-testid="treat-intervals">
          {product.reentry_interval_hours ? t('treat.reentry', { count: product.reentry_interval_hours }) : t('treat.noReentry')}{' '}
          {product.preharvest_interval_days ? t('treat.preharvest', { count: product.preharvest_interval_days }) : t('treat.noPreharvest')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('treat.when')} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} required error={tried ? errors.when : undefined} />
        <Input
          label={t('treat.quantity')}
          hint={t('treat.quantityHint')}
          inputMode="decimal"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          required
          error={tried ? errors.quantity : undefined}
        />
      </div>
      <TargetsFieldset
        targets={targets.targets} pending={targets.pending} failed={targets.failed} chosen={draft.targets} onChange={(next) => setDraft({ ...draft, targets: next })}
        crossings={{ list: crossings.crossings, pending: crossings.pending, failed: crossings.failed }}
      />
      <ApplyTreatmentRegisterFields draft={draft} onChange={setDraft} products={products.data} errors={checked.errors} showErrors={tried} />
      {tried && Object.keys(checked.errors).length > 0 && <Alert tone="danger">{t('treat.fixErrors')}</Alert>}
      {refusal && <Alert tone="danger">{refusal}</Alert>}
      {reentryEnd && <Alert tone="warning">{t('treat.willClose', { count: boxes.length, until: formatDate(reentryEnd) })}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={apply.isPending}>
          {t('app:ui.cancel')}
        </Button>
        <Button type="submit" loading={apply.isPending}>
          {t('treat.submit', { count: boxes.length })}
        </Button>
      </div>
    </form>
  );
}
