import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addAuditEvent, deleteAuditEvent, getAuditEvents, updateAuditEvent, type AuditFilters, type AuditNoteInput } from '../../../api/audit';

export const auditKeys = {
  all: (companyId: number) => ['audit', companyId] as const,
  list: (companyId: number, filters: AuditFilters) => [...auditKeys.all(companyId), 'list', filters] as const,
};

export const auditEventsQuery = (companyId: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(companyId, filters),
    queryFn: () => getAuditEvents(companyId, filters),
    placeholderData: keepPreviousData,
  });

/** Every change also writes a server event, so the whole trail is refetched afterwards. */
export function useAuditActions(companyId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: auditKeys.all(companyId) });
  return {
    add: useMutation({ mutationFn: (note: AuditNoteInput) => addAuditEvent(companyId, note), onSuccess: refresh }),
    edit: useMutation({ mutationFn: ({ id, title }: { id: number; title: string }) => updateAuditEvent(id, title), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => deleteAuditEvent(id), onSuccess: refresh }),
  };
}
