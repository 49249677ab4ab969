import type { Batch } from '@verdant/contract';
import type { BatchFields } from '../../../api/batches';

export interface BatchFormValues {
  BatchNumber: string;
  NumberOfPlants: string;
  StrainName: string;
  BatchStatus: string;
  Color: string;
  PreBooks: string;
  StartDate: string;
  EndDate: string;
  /** A crop id of the company, or '' for none. */
  CropID: string;
}

export type BatchFormErrors = Partial<Record<keyof BatchFormValues, 'required' | 'wholeNumber' | 'endBeforeStart'>>;

export const DEFAULT_BATCH_COLOR = '#2f855a';

export function emptyBatchForm(): BatchFormValues {
  return { BatchNumber: '', NumberOfPlants: '0', StrainName: '', BatchStatus: 'Planned', Color: DEFAULT_BATCH_COLOR, PreBooks: '0', StartDate: '', EndDate: '', CropID: '' };
}

export function batchToForm(b: Batch): BatchFormValues {
  return {
    BatchNumber: b.BatchNumber,
    NumberOfPlants: String(b.NumberOfPlants),
    StrainName: b.StrainName,
    BatchStatus: b.BatchStatus,
    Color: b.Color ?? DEFAULT_BATCH_COLOR,
    PreBooks: String(b.PreBooks),
    StartDate: b.StartDate ?? '',
    EndDate: b.EndDate ?? '',
    CropID: b.CropID ? String(b.CropID) : '',
  };
}

const isCount = (s: string) => /^\d+$/.test(s.trim());

/** The form's own checks; the server checks the same again. Dates compare as YYYY-MM-DD strings. */
export function validateBatchForm(v: BatchFormValues): BatchFormErrors {
  const e: BatchFormErrors = {};
  if (!v.BatchNumber.trim()) e.BatchNumber = 'required';
  if (v.NumberOfPlants.trim() !== '' && !isCount(v.NumberOfPlants)) e.NumberOfPlants = 'wholeNumber';
  if (v.PreBooks.trim() !== '' && !isCount(v.PreBooks)) e.PreBooks = 'wholeNumber';
  if (v.StartDate && v.EndDate && v.EndDate < v.StartDate) e.EndDate = 'endBeforeStart';
  return e;
}

export function formToFields(v: BatchFormValues): BatchFields {
  return {
    BatchNumber: v.BatchNumber.trim(),
    NumberOfPlants: Number(v.NumberOfPlants || 0),
    StrainName: v.StrainName.trim(),
    BatchStatus: v.BatchStatus,
    Color: v.Color || null,
    PreBooks: Number(v.PreBooks || 0),
    StartDate: v.StartDate || null,
    EndDate: v.EndDate || null,
    CropID: v.CropID ? Number(v.CropID) : null,
  };
}
