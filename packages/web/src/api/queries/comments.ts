import { queryOptions } from '@tanstack/react-query';
import { getComments } from '../comments';

/** Query keys of the comments on a form response (the box panel and the observations page share them). */
export const commentKeys = {
  all: (companyId: number) => ['comments', companyId] as const,
  list: (companyId: number, responseId: number) => [...commentKeys.all(companyId), responseId] as const,
};

export const commentsQuery = (companyId: number, responseId: number) =>
  queryOptions({ queryKey: commentKeys.list(companyId, responseId), queryFn: () => getComments(responseId), staleTime: 0 });
