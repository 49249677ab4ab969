import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { Crop, CropSave } from './crops.schemas.js';
import { cropsMessages as msg } from './crops.messages.js';

export const cropsEndpoints = {
  getCrops: defineEndpoint({
    id: 'getCrops', domain: 'crops', method: 'GET', path: '/crops',
    summary: "The company's crops with their EPPO codes, by name; the first read puts in the default list",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ crops: z.array(Crop) }),
    clientMessages: { failure: msg.loadFailed },
  }),
  saveCrop: defineEndpoint({
    id: 'saveCrop', domain: 'crops', method: 'POST', path: '/crops/save',
    summary: 'Add a crop, or rename one / change its EPPO code (crop_id); names are unique in the company; audited',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId }),
    body: { kind: 'json', schema: CropSave },
    response: success({ message: z.string(), crop: Crop }),
    clientMessages: { failure: msg.saveFailed },
  }),
  deleteCrop: defineEndpoint({
    id: 'deleteCrop', domain: 'crops', method: 'DELETE', path: '/crops/delete',
    summary: 'Delete a crop no batch uses (409 naming how many do); audited',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, crop_id: Id }),
    response: success({ message: z.string(), crop_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),
};
