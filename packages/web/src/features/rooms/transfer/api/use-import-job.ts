import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImportJob } from '@verdant/contract';
import { followImportJob, startImportJob } from '../../../../api/import-jobs';

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
