import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImportJob } from '@verdant/contract';
import { IMPORT_JOB_POLL_MS, followImportJob, getImportJob, startImportJob } from '../../../../api/import-jobs';
import { roomKeys } from '../../../../api/queries/rooms';

type Kind = 'facility' | 'observations';
type Answer<K extends Kind> = NonNullable<ImportJob[K]>;

/**
 * A facility or observations import (or its preview) run as a job on the server (docs/decisions.md, "Import jobs"):
 * the file is uploaded once, then the job is followed until it is over; `progress` is its last answer ("n of N
 * lines"). Resolves with the same preview and import the import endpoints answer.
 */
export function useImportJob<K extends Kind>(companyId: number, kind: K, dryRun: boolean, invalidate?: (qc: QueryClient) => Promise<unknown>) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<ImportJob | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File): Promise<Answer<K>> => {
      setProgress(null);
      const job = await startImportJob({ company_id: companyId, kind, file, dry_run: dryRun ? 1 : 0 });
      const done = await followImportJob(companyId, job, setProgress);
      return done[kind] as Answer<K>;
    },
    onSettled: () => invalidate?.(qc),
  });
  return { ...mutation, progress };
}

/**
 * The caller's latest import job of this kind while it is still running (a page reopened, or a connection that dropped
 * and came back): asked every second until it is over, then the screens' reads refresh.
 */
export function useRunningImportJob(companyId: number, kind: Kind, enabled: boolean) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: [...roomKeys.all(companyId), 'import-job', 'latest'] as const,
    queryFn: () => getImportJob({ company_id: companyId }),
    enabled,
    refetchInterval: (q) => (isRunning(q.state.data) ? IMPORT_JOB_POLL_MS : false),
  });
  const job = query.data && query.data.kind === kind ? query.data : null;
  const running = isRunning(job);
  const [wasRunning, setWasRunning] = useState(false);
  useEffect(() => {
    if (running) setWasRunning(true);
    else if (wasRunning) {
      setWasRunning(false);
      void qc.invalidateQueries({ queryKey: roomKeys.all(companyId) });
    }
  }, [running, wasRunning, qc, companyId]);
  return running ? job : null;
}

const isRunning = (job: ImportJob | null | undefined): job is ImportJob => job?.status === 'queued' || job?.status === 'running';
