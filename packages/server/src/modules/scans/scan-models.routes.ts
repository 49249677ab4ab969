import fs from 'node:fs/promises';
import { scanModelsMessages, type scanModelsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { AppError } from '../../lib/errors.js';
import type { FastifyInstance } from 'fastify';
import { findModel, type OnnxModel } from '../../lib/vision/models.js';

/**
 * The ONNX classifier of that name, only when the server offers it (get_ai_models): a built-in model, an
 * unknown name and a file left out (no labels, does not load) are all 404 — the phone downloads nothing
 * the server would not run itself. AI_MODEL_DIR is the server's, so every company sees the same models.
 */
async function offeredOnnx(app: FastifyInstance, name: string): Promise<OnnxModel> {
  const model = await findModel(app.config.aiModelDir, app.log, name);
  if (model?.type !== 'onnx') throw new AppError('not_found', scanModelsMessages.notOffered(name));
  return model;
}

export const scanModelsHandlers: Handlers<typeof scanModelsEndpoints> = {
  getAiModelRecipe: async ({ app, input }) => {
    const { classifier } = await offeredOnnx(app, input.name);
    return {
      status: 'success',
      model: { name: classifier.name, model_version: classifier.version, size_bytes: classifier.bytes, labels: classifier.labels, input: classifier.input },
    };
  },
  downloadAiModel: async ({ app, input, req, reply }) => {
    const { classifier } = await offeredOnnx(app, input.name);
    // The version is the file's hash: a phone holding this version revalidates without the bytes.
    const etag = `"${classifier.version}"`;
    reply.header('content-type', 'application/octet-stream').header('cache-control', 'private, no-cache').header('etag', etag);
    const known = req.headers['if-none-match'];
    if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      return Buffer.alloc(0);
    }
    // findModel reopens a model whose file changed (size or time), so these bytes are that version's.
    return fs.readFile(classifier.files.modelPath);
  },
};
