import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listRegisterApplications, type RegisterListParams } from '../register';

/** Query keys of the plant-protection register; an application recorded invalidates `all`. */
export const registerKeys = {
  all: (companyId: number) => ['register', companyId] as const,
  applications: (companyId: number, p: RegisterListParams) => [...registerKeys.all(companyId), 'applications', p] as const,
};

/** A page of the register's applications for a period (and a room). */
export const registerApplicationsQuery = (companyId: number, p: RegisterListParams) =>
  queryOptions({
    queryKey: registerKeys.applications(companyId, p),
    queryFn: () => listRegisterApplications(companyId, p),
    placeholderData: keepPreviousData,
  });
