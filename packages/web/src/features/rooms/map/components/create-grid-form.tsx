import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GRID_SIDE_MAX, NAME_MAX } from '@verdant/contract';
import { Alert, Button, Input, Select } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { gridTemplatesQuery } from '../../../../api/queries/rooms';
import { useCreateGrid } from '../../api/use-rooms';

export interface CreateGridFormProps {
  companyId: number;
  /** The room the grid goes in; without it the form asks for one from `rooms`. */
  roomId?: number;
  rooms?: Array<{ RoomID: number; Name: string }>;
  /** A Grid template to start from (the templates page links here with `?template=ID`). */
  initialTemplateId?: number;
  onCreated: (result: { roomId: number; name: string }) => void;
  onCancel?: () => void;
}

function side(value: string): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= GRID_SIDE_MAX ? n : null;
}

/** A grid from a size (nx columns × ny rows, each 1–500) or from one of the company's Grid templates. */
export function CreateGridForm({ companyId, roomId, rooms, initialTemplateId, onCreated, onCancel }: CreateGridFormProps) {
  const { t } = useTranslation('rooms');
  const { userId } = useAuth();
  const create = useCreateGrid(companyId);
  const templates = useQuery(gridTemplatesQuery(companyId, 'Grid'));
  const [room, setRoom] = useState(roomId ? String(roomId) : '');
  const [name, setName] = useState('');
  const [nx, setNx] = useState('10');
  const [ny, setNy] = useState('20');
  const [templateId, setTemplateId] = useState(initialTemplateId ? String(initialTemplateId) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const template = templates.data?.find((x) => String(x.template_id) === templateId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const target = Number(room);
    if (!target) next.room = t('grid.roomRequired');
    if (!name.trim()) next.name = t('grid.nameRequired');
    const x = side(nx);
    const y = side(ny);
    if (!template) {
      if (x === null) next.nx = t('grid.sideRange', { max: GRID_SIDE_MAX });
      if (y === null) next.ny = t('grid.sideRange', { max: GRID_SIDE_MAX });
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate(
      template
        ? { roomId: target, name: name.trim(), nx: template.columns, ny: template.rows, templateId: template.template_id, userId: userId ?? undefined }
        : { roomId: target, name: name.trim(), nx: x!, ny: y! },
      { onSuccess: () => onCreated({ roomId: target, name: name.trim() }) },
    );
  };

  const count = template ? template.columns * template.rows : (side(nx) ?? 0) * (side(ny) ?? 0);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {!roomId && (
        <Select
          label={t('grid.room')}
          value={room}
          required
          placeholder={t('grid.chooseRoom')}
          error={errors.room}
          options={(rooms ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name }))}
          onChange={(e) => setRoom(e.target.value)}
        />
      )}
      <Input
        label={t('grid.name')}
        value={name}
        required
        maxLength={NAME_MAX}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      {(templates.data?.length ?? 0) > 0 && (
        <Select
          label={t('grid.template')}
          hint={t('grid.templateHint')}
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          options={[
            { value: '', label: t('grid.noTemplate') },
            ...(templates.data ?? []).map((x) => ({
              value: String(x.template_id),
              label: t('grid.templateOption', { name: x.template_name, nx: x.columns, ny: x.rows }),
            })),
          ]}
        />
      )}
      {!template && (
        <div className="grid grid-cols-2 gap-3">
          <Input
            label={t('grid.nx')}
            type="number"
            inputMode="numeric"
            min={1}
            max={GRID_SIDE_MAX}
            value={nx}
            required
            error={errors.nx}
            onChange={(e) => setNx(e.target.value)}
          />
          <Input
            label={t('grid.ny')}
            type="number"
            inputMode="numeric"
            min={1}
            max={GRID_SIDE_MAX}
            value={ny}
            required
            error={errors.ny}
            onChange={(e) => setNy(e.target.value)}
          />
        </div>
      )}
      {count > 0 && <p className="text-sm text-stone-600">{t('grid.boxCount', { count })}</p>}
      {create.isError && (
        <Alert tone="danger" title={t('grid.failed')}>
          {errorMessage(create.error)}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('app:ui.cancel')}
          </Button>
        )}
        <Button type="submit" loading={create.isPending}>
          {t('grid.submit')}
        </Button>
      </div>
    </form>
  );
}
