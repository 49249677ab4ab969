export const companyKeys = {
  all: ['company'] as const,
  detail: (companyId: number) => [...companyKeys.all, 'detail', companyId] as const,
  invitations: (companyId: number) => [...companyKeys.all, 'invitations', companyId] as const,
};
