import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addAuditEvent, deleteAuditEvent, updateAuditEvent, type AuditNoteInput } from '../../../api/audit';
import { auditKeys } from '../../../api/queries/audit';

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
