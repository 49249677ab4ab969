import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, FileField, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { intervalChange, PreharvestDays, ProductDetails, ProductName, ProductRegisterFields, ReentryHours, SprayProduct } from './spray-products.schemas.js';
import { sprayProductsMessages as msg } from './spray-products.messages.js';

// The product list carries safety intervals everyone relies on, so only admins change it (docs/decisions.md).
const admins = { auth: { kind: 'user', roles: ADMIN_ROLES } } as const;
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

const ProductFields = {
  details: absentIfBlank(ProductDetails),
  reentry_interval_hours: intervalChange(ReentryHours),
  preharvest_interval_days: intervalChange(PreharvestDays),
  ...ProductRegisterFields,
  /** The product's label as a PDF (replaces the stored one). */
  label: FileField.optional(),
};

export const sprayProductsEndpoints = {
  addSprayProduct: defineEndpoint({
    id: 'addSprayProduct', domain: 'spray_products', method: 'POST', path: '/add_spray_product',
    summary: 'A spray product: a name unique in the company, details, re-entry interval (hours), pre-harvest interval (days) and the register fields (authorisation, type, substances, unit, maximum dose, crops and BBCH, label PDF)',
    ...admins, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    body: { kind: 'multipart', schema: z.object({ name: ProductName, ...ProductFields }) },
    response: success({ message: z.string(), product: SprayProduct }),
    clientMessages: { failure: msg.addFailed },
  }),
  updateSprayProduct: defineEndpoint({
    id: 'updateSprayProduct', domain: 'spray_products', method: 'POST', path: '/update_spray_product',
    summary: 'Change only the fields sent; a blank interval clears it',
    ...admins, tenancy: { resource: true },
    query: z.object({ product_id: Id }),
    body: { kind: 'multipart', schema: z.object({ name: absentIfBlank(ProductName), ...ProductFields }) },
    response: success({ message: z.string(), product: SprayProduct }),
    clientMessages: { failure: msg.updateFailed },
  }),
  deleteProduct: defineEndpoint({
    id: 'deleteProduct', domain: 'spray_products', method: 'DELETE', path: '/delete_product',
    summary: 'Remove a product from the list; its past applications and treatments keep naming it',
    ...admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ product_id: Id, company_id: CompanyId }),
    response: success({ message: z.string(), product_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),
  getProductNames: defineEndpoint({
    id: 'getProductNames', domain: 'spray_products', method: 'GET', path: '/get_product_names',
    summary: "The names of the company's spray products, alphabetical",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ productNames: z.array(z.string()) }),
    clientMessages: { failure: msg.fetchNamesFailed },
  }),
  getProductDetails: defineEndpoint({
    id: 'getProductDetails', domain: 'spray_products', method: 'GET', path: '/get_product_details',
    summary: "The company's spray products with their details and intervals, by name",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ products: z.array(SprayProduct) }),
    clientMessages: { failure: msg.fetchDetailsFailed },
  }),
  getSprayProductLabel: defineEndpoint({
    id: 'getSprayProductLabel', domain: 'spray_products', method: 'GET', path: '/spray_product_label',
    summary: "The product's label PDF as it was uploaded; 404 when it has none",
    ...anyone, tenancy: { resource: true },
    query: z.object({ product_id: Id }),
    response: 'binary',
    clientMessages: { failure: msg.labelFailed },
  }),
};
