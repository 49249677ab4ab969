import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Task } from '@verdant/contract';
import { getAllTaskTemplates, getTaskFormResponses, getTasks, type TaskStatusFilter } from '../tasks';
import { offlineRead } from '../offline-read';

/** One page of a task list as the screens read it, whichever call answered it. */
export interface TaskPage {
  tasks: Task[];
  page: number;
  perPage: number;
  hasMore: boolean;
  /** The company list counts its tasks; "my tasks" only says whether another page follows. */
  total: number | null;
}

/** Whose tasks a list shows: one user's ("my tasks"), or the whole company's. */
export type TaskScope = { kind: 'mine'; userId: number } | { kind: 'company' };

/**
 * Query keys of tasks. A list's key carries its filter (scope, status, page), so a change made on this
 * device can be shown in every list it belongs to before the server answers (`showTaskChange`).
 */
export const taskKeys = {
  all: (companyId: number) => ['tasks', companyId] as const,
  lists: (companyId: number) => [...taskKeys.all(companyId), 'list'] as const,
  list: (companyId: number, scope: TaskScope, status: TaskStatusFilter, page: number) =>
    [...taskKeys.lists(companyId), scope.kind === 'mine' ? scope.userId : 'company', status, page] as const,
  templates: (companyId: number) => [...taskKeys.all(companyId), 'templates'] as const,
};

async function loadPage(companyId: number, scope: TaskScope, status: TaskStatusFilter, page: number): Promise<TaskPage> {
  if (scope.kind === 'mine') {
    const res = await getTasks(scope.userId, status, page);
    return { tasks: res.tasks, page: res.page, perPage: res.per_page, hasMore: res.has_more, total: null };
  }
  const res = await getTaskFormResponses(companyId, status, page);
  return {
    tasks: res.responses.map(({ fieldResponses: _answers, ...task }) => task),
    page: res.page,
    perPage: res.per_page,
    hasMore: res.page * res.per_page < res.total,
    total: res.total,
  };
}

/** A page of tasks; kept on the device, so "my tasks" (prepared by the background fill) opens without signal. */
export const tasksQuery = (companyId: number, scope: TaskScope, status: TaskStatusFilter, page = 1) =>
  queryOptions({
    queryKey: taskKeys.list(companyId, scope, status, page),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => loadPage(companyId, scope, status, page)),
    networkMode: 'always',
  });

export const taskTemplatesQuery = (companyId: number) =>
  queryOptions({ queryKey: taskKeys.templates(companyId), queryFn: () => getAllTaskTemplates(companyId) });

/** The filter a list's key names (see `taskKeys.list`). */
function filterOf(key: readonly unknown[]): { owner: number | 'company'; status: TaskStatusFilter; page: number } | null {
  const [, , , owner, status, page] = key;
  if ((typeof owner !== 'number' && owner !== 'company') || typeof status !== 'string' || typeof page !== 'number') return null;
  return { owner, status: status as TaskStatusFilter, page };
}

function belongs(task: Task, filter: { owner: number | 'company'; status: TaskStatusFilter }): boolean {
  if (filter.status !== 'all' && task.status !== filter.status) return false;
  return filter.owner === 'company' || task.assignee?.user_id === filter.owner;
}

const keepCopy = async (companyId: number, queryKey: readonly unknown[], value: unknown) =>
  (await import('../../offline/answer-cache')).saveAnswer(companyId, queryKey, value);

/**
 * A task as it now is (changed here, sent or waiting in the outbox): every cached list shows it where it
 * belongs — changed in place, gone from a column it left, first on the first page of the one it joined —
 * and the device's copies follow, so the board shows the change offline after a reload too.
 */
export function showTaskChange(queryClient: QueryClient, companyId: number, task: Task): void {
  for (const [key, data] of queryClient.getQueriesData<TaskPage>({ queryKey: taskKeys.lists(companyId) })) {
    const filter = filterOf(key);
    if (!data || !filter) continue;
    const there = data.tasks.some((t) => t.task_id === task.task_id);
    const fits = belongs(task, filter);
    let tasks = data.tasks;
    if (there) tasks = fits ? tasks.map((t) => (t.task_id === task.task_id ? task : t)) : tasks.filter((t) => t.task_id !== task.task_id);
    else if (fits && filter.page === 1) tasks = [task, ...tasks];
    if (tasks === data.tasks) continue;
    const total = data.total === null ? null : data.total + (tasks.length - data.tasks.length);
    const next: TaskPage = { ...data, tasks, total };
    queryClient.setQueryData(key, next);
    void keepCopy(companyId, key, next).catch((err: unknown) => console.warn('Could not store the changed task list', err));
  }
}

/** A task deleted: it leaves every list. */
export function forgetTask(queryClient: QueryClient, companyId: number, taskId: number): void {
  for (const [key, data] of queryClient.getQueriesData<TaskPage>({ queryKey: taskKeys.lists(companyId) })) {
    if (!data?.tasks.some((t) => t.task_id === taskId)) continue;
    const tasks = data.tasks.filter((t) => t.task_id !== taskId);
    queryClient.setQueryData(key, { ...data, tasks, total: data.total === null ? null : Math.max(0, data.total - 1) });
  }
}

/** The task as this device last saw it, in any cached list. */
export function findCachedTask(queryClient: QueryClient, companyId: number, taskId: number): Task | undefined {
  for (const [, data] of queryClient.getQueriesData<TaskPage>({ queryKey: taskKeys.lists(companyId) })) {
    const found = data?.tasks.find((t) => t.task_id === taskId);
    if (found) return found;
  }
  return undefined;
}
