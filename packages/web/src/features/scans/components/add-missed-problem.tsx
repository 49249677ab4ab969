import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScanDetection } from '@verdant/contract';
import { plantProblemsQuery } from '../../../api/queries/plant-problems';
import { Button, Select } from '../../../components/ui';
import { useAddDetection } from '../api/use-scan-corrections';
import { useDrawing } from './drawing-context';

/** Under a photo: a problem the model missed — pick it, draw where it is, and it is filed as seen by a person. */
export function AddMissedProblem({ companyId, imageId, photo, onAdded }: { companyId: number; imageId: number; photo: string; onAdded: (d: ScanDetection) => void }) {
  const { t } = useTranslation('scans');
  const drawing = useDrawing();
  const [open, setOpen] = useState(false);
  const [problemId, setProblemId] = useState('');
  const problems = useQuery({ ...plantProblemsQuery(companyId), enabled: open });
  const add = useAddDetection(companyId, (d) => {
    onAdded(d);
    setOpen(false);
    setProblemId('');
  });
  const chosen = problems.data?.find((p) => String(p.problem_id) === problemId);
  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={t('add.openOn', { photo })}>
        {t('add.open')}
      </Button>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      data-testid={`add-missed-${imageId}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        drawing.start({
          imageId,
          title: t('add.drawTitle', { name: chosen.display_name }),
          onRegion: (region) => add.mutate({ scanImageId: imageId, problemId: chosen.problem_id, regions: [region] }),
        });
      }}
    >
      <Select
        label={t('add.problem')}
        value={problemId}
        placeholder={problems.isPending ? t('loading') : problems.isError ? t('add.problemsFailed') : t('detection.pickProblem')}
        options={(problems.data ?? []).map((p) => ({ value: String(p.problem_id), label: p.display_name }))}
        onChange={(e) => setProblemId(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={!chosen || add.isPending}>
        {t('add.draw')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
        {t('draw.cancel')}
      </Button>
    </form>
  );
}
