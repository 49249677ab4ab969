import { queryOptions } from '@tanstack/react-query';
import { getConsultantRooms, getConsultants } from '../consultants';

/** Query keys of a company's consultants (the Admin's list) and of a signed-in consultant's own rooms. */
export const consultantKeys = {
  all: (companyId: number) => ['consultants', companyId] as const,
  list: (companyId: number) => [...consultantKeys.all(companyId), 'list'] as const,
  myRooms: (companyId: number) => [...consultantKeys.all(companyId), 'my-rooms'] as const,
};

export const consultantsQuery = (companyId: number) =>
  queryOptions({ queryKey: consultantKeys.list(companyId), queryFn: () => getConsultants(companyId) });

/** A consultant's rooms are read fresh: an Admin may have changed them a moment ago. */
export const myConsultantRoomsQuery = (companyId: number) =>
  queryOptions({ queryKey: consultantKeys.myRooms(companyId), queryFn: () => getConsultantRooms(companyId), staleTime: 0 });
