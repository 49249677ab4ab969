export const batchKeys = {
  all: (companyId: number) => ['batches', companyId] as const,
  lists: (companyId: number) => [...batchKeys.all(companyId), 'list'] as const,
  byRoom: (companyId: number, roomId: number) => [...batchKeys.all(companyId), 'by-room', roomId] as const,
  statuses: (companyId: number) => [...batchKeys.all(companyId), 'statuses'] as const,
  rooms: (companyId: number) => [...batchKeys.all(companyId), 'company-rooms'] as const,
  detail: (companyId: number, batchId: number) => [...batchKeys.all(companyId), 'detail', batchId] as const,
  batchRooms: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'rooms'] as const,
  plants: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'plants'] as const,
  problems: (companyId: number, batchId: number, includeResolved: boolean) =>
    [...batchKeys.detail(companyId, batchId), 'problems', includeResolved] as const,
  dashboard: (companyId: number, batchId: number, from: string, to: string) =>
    [...batchKeys.detail(companyId, batchId), 'dashboard', from, to] as const,
  moves: (companyId: number, batchId: number, roomIds: readonly number[]) =>
    [...batchKeys.detail(companyId, batchId), 'moves', roomIds] as const,
  qr: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'qr'] as const,
  labels: (companyId: number, ids: readonly number[]) => [...batchKeys.all(companyId), 'labels', ids] as const,
};
