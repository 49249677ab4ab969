import { cropsEndpoints as ep, type Crop } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /crops?company_id: the company's crops by EPPO code (the first read puts in the defaults). */
export async function getCrops(companyId: number): Promise<Crop[]> {
  return (await callEndpoint(ep.getCrops, { company_id: companyId })).crops;
}

/** POST /crops/save?company_id: a new crop, or a change to one (crop_id). */
export async function saveCrop(companyId: number, crop: { crop_id?: number; name: string; eppo_code: string }): Promise<Crop> {
  return (await callEndpoint(ep.saveCrop, { company_id: companyId, ...crop })).crop;
}

/** DELETE /crops/delete?company_id&crop_id: refused (409) while batches use it. */
export async function deleteCrop(companyId: number, cropId: number): Promise<void> {
  await callEndpoint(ep.deleteCrop, { company_id: companyId, crop_id: cropId });
}
