import type { camerasEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as cameras from './cameras.service.js';

export const camerasHandlers: Handlers<typeof camerasEndpoints> = {
  registerCamera: ({ app, user, input }) => cameras.registerCamera(app, user, input),
  getCameras: ({ app, user, input }) => cameras.listCameras(app, user, input),
  getCameraImages: ({ app, user, input }) => cameras.cameraImages(app, user, input),
  revokeCameraToken: ({ app, user, input }) => cameras.revokeToken(app, user, input),
  rotateCameraToken: ({ app, user, input }) => cameras.rotateToken(app, user, input),
  cameraIngest: ({ app, bearer, input }) => cameras.ingest(app, bearer, input),
};
