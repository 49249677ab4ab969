import { describe, expectTypeOf, it } from 'vitest';
import type { UploadedFile } from '../common/fields.js';
import { roomsEndpoints } from '../rooms/rooms.endpoints.js';
import { scansEndpoints } from '../scans/scans.endpoints.js';
import type { EndpointInput, EndpointRequest } from './define-endpoint.js';

// Type-level: `tsc -p packages/contract` fails when a client would have to cast its files again (issue 21).
describe('multipart files', () => {
  it('a client passes a Blob where the server receives the parsed UploadedFile', () => {
    expectTypeOf<EndpointRequest<typeof roomsEndpoints.uploadWhiteboardImage>['imageFile']>().toEqualTypeOf<Blob>();
    expectTypeOf<EndpointInput<typeof roomsEndpoints.uploadWhiteboardImage>['imageFile']>().toEqualTypeOf<UploadedFile>();
    expectTypeOf<EndpointRequest<typeof roomsEndpoints.uploadWhiteboardImage>['room_id']>().not.toEqualTypeOf<Blob>();
  });

  it('one file or several under one field', () => {
    expectTypeOf<EndpointRequest<typeof scansEndpoints.createScan>['images']>().toEqualTypeOf<Blob | Blob[]>();
    expectTypeOf<EndpointInput<typeof scansEndpoints.createScan>['images']>().toEqualTypeOf<UploadedFile | UploadedFile[]>();
  });
});
