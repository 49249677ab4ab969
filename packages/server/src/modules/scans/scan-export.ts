import { Readable } from 'node:stream';
import type { EndpointInput, scansEndpoints } from '@verdant/contract';
import { ZipFile } from 'yazl';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { companyProblems, reviewedDetections } from './scan-export.repository.js';
import { toCoco } from './scan-coco.js';

/** A photo read from the store only when the zip reaches it, so one photo at a time is in memory. */
function lazyFile(files: FileStore, key: string): Readable {
  let started = false;
  return new Readable({
    read() {
      if (started) return;
      started = true;
      files.get(key).then(
        (file) => {
          if (!file) return this.destroy(new Error(`stored photo ${key} is gone`));
          this.push(file.data);
          this.push(null);
        },
        (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
}

/**
 * The labelled examples as a zip, streamed: annotations.json (COCO) first, then each reviewed photo stored
 * as it is (already WebP/JPEG, so not compressed again). A photo missing from the store is left out of both.
 */
export async function exportExamples(deps: Deps<'files' | 'log'>, caller: Caller, input: EndpointInput<(typeof scansEndpoints)['exportScanExamples']>) {
  assertOwnCompany(caller, input.company_id);
  const [rows, problems] = await Promise.all([reviewedDetections(deps.db, caller.company_id), companyProblems(deps.db, caller.company_id)]);
  const keys = new Map(rows.map((r) => [r.scan_image_id, r.image_key]));
  const present = new Set<number>();
  for (const [id, key] of keys) {
    if (await deps.files.exists(key)) present.add(id);
    else deps.log.warn({ scan_image_id: id }, 'labelled export: a stored photo is missing; left out');
  }
  const coco = toCoco(caller.company_id, rows.filter((r) => present.has(r.scan_image_id)), problems, new Date());
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(coco)), 'annotations.json');
  for (const image of coco.images) {
    zip.addReadStream(lazyFile(deps.files, keys.get(image.id)!), image.file_name, { compress: false });
  }
  zip.end();
  return { stream: zip.outputStream, images: coco.images.length, annotations: coco.annotations.length };
}
