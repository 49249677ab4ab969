import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { camerasEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from '../../api/call-endpoint';

export const CAMERA_IMAGES_PER_PAGE = 20;

/** Query keys of cameras: registering, revoking or rotating invalidates `all`. */
export const cameraKeys = {
  all: (companyId: number) => ['cameras', companyId] as const,
  images: (companyId: number, cameraId: number, page: number) => [...cameraKeys.all(companyId), 'images', cameraId, page] as const,
};

export const camerasQuery = (companyId: number) =>
  queryOptions({
    queryKey: cameraKeys.all(companyId),
    queryFn: async () => (await callEndpoint(ep.getCameras, { company_id: companyId })).cameras,
  });

export const cameraImagesQuery = (companyId: number, cameraId: number, page: number) =>
  queryOptions({
    queryKey: cameraKeys.images(companyId, cameraId, page),
    queryFn: () => callEndpoint(ep.getCameraImages, { company_id: companyId, camera_id: cameraId, page, per_page: CAMERA_IMAGES_PER_PAGE }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const registerCamera = (companyId: number, gridId: number, name: string) =>
  callEndpoint(ep.registerCamera, { company_id: companyId, grid_id: gridId, name });
export const revokeCameraToken = (companyId: number, cameraId: number) =>
  callEndpoint(ep.revokeCameraToken, { company_id: companyId, camera_id: cameraId });
export const rotateCameraToken = (companyId: number, cameraId: number) =>
  callEndpoint(ep.rotateCameraToken, { company_id: companyId, camera_id: cameraId });
