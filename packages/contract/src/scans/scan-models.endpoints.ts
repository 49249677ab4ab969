import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId } from '../common/fields.js';
import { AiModelName } from './scans.schemas.js';

/**
 * A classifier the server offers, as the phone needs it to run the same model offline (docs/decisions.md,
 * "Models on the phone"): its version (the file's hash, so a cached copy is known stale), size, labels and
 * how a photo becomes its input — the same preparation the server applies (@verdant/vision/classifier).
 */
export const AiModelRecipe = z.object({
  name: z.string(),
  model_version: z.string(),
  /** Size of the .onnx file in bytes: the phone decides before downloading whether it can hold it. */
  size_bytes: z.number(),
  labels: z.array(z.string()),
  input: z.object({
    layout: z.literal('nchw'),
    width: z.number(),
    height: z.number(),
    mean: z.tuple([z.number(), z.number(), z.number()]),
    std: z.tuple([z.number(), z.number(), z.number()]),
  }),
});
export type AiModelRecipe = z.infer<typeof AiModelRecipe>;

/** Largest model the phone downloads and runs (bytes): past this a scan is analysed when it reaches the server. */
export const PHONE_MODEL_MAX_BYTES = 64 * 1024 * 1024;

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const ModelQuery = z.object({ company_id: CompanyId, name: AiModelName });

export const scanModelsMessages = {
  notOffered: (name: string) => `No ONNX model named ${name} is offered by this server.`,
} as const;

// Verdant extension (no spec call): the ONNX classifiers of AI_MODEL_DIR for the phone. Only models the
// server offers (get_ai_models) are served; a built-in, unknown or unloadable name is a 404.
export const scanModelsEndpoints = {
  getAiModelRecipe: defineEndpoint({
    id: 'getAiModelRecipe', domain: 'scans', method: 'GET', path: '/get_ai_model_recipe',
    summary: 'An offered ONNX classifier as the phone runs it: version, file size, labels and input preparation (size, mean, std, layout)',
    auth: anyone, tenancy: { company: ['company_id'] },
    query: ModelQuery,
    response: success({ model: AiModelRecipe }),
  }),
  downloadAiModel: defineEndpoint({
    id: 'downloadAiModel', domain: 'scans', method: 'GET', path: '/download_ai_model',
    summary: "An offered ONNX classifier's .onnx file (ETag = its model_version), for the phone to run offline",
    auth: anyone, tenancy: { company: ['company_id'] },
    query: ModelQuery,
    response: 'binary',
  }),
};
