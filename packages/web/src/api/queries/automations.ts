import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAutomationFields, getNotificationDeliveries, getNotifications, type DeliveryFilter } from '../automations';

/** Query keys of the company's automations: what the form offers, the notifications, the delivery log. */
export const automationKeys = {
  all: (companyId: number) => ['automations', companyId] as const,
  fields: (companyId: number) => [...automationKeys.all(companyId), 'fields'] as const,
  notifications: (companyId: number) => [...automationKeys.all(companyId), 'notifications'] as const,
  deliveriesAll: (companyId: number) => [...automationKeys.all(companyId), 'deliveries'] as const,
  deliveries: (companyId: number, filter: DeliveryFilter) => [...automationKeys.deliveriesAll(companyId), filter] as const,
};

export const automationFieldsQuery = (companyId: number) =>
  queryOptions({
    queryKey: automationKeys.fields(companyId),
    queryFn: () => getAutomationFields(companyId),
    staleTime: 60_000,
  });

/** GET /get_notifications takes the user; every user of the company sees the company's list. */
export const notificationsQuery = (companyId: number, userId: number) =>
  queryOptions({
    queryKey: automationKeys.notifications(companyId),
    queryFn: () => getNotifications(userId),
  });

/** One page of the delivery log; the previous page stays on screen while the next loads. */
export const deliveriesQuery = (companyId: number, filter: DeliveryFilter) =>
  queryOptions({
    queryKey: automationKeys.deliveries(companyId, filter),
    queryFn: () => getNotificationDeliveries(companyId, filter),
    placeholderData: keepPreviousData,
  });
