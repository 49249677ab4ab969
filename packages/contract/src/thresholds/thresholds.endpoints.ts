import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Flag01, Id } from '../common/fields.js';
import { absentIfBlank, ListField } from '../common/list-field.js';
import { Limit } from '../common/pagination.js';
import {
  ActionThreshold, BoxThresholdCrossing, CROSSINGS_BOXES_MAX, RoomThresholdLevel, ThresholdCropStatus, ThresholdMetricSchema, ThresholdProblem, ThresholdValue, ThresholdWindowHours, thresholdsMessages as msg,
} from './thresholds.schemas.js';

/** Verdant extension (docs/decisions.md, "Action thresholds"): anyone reads; Admins set and delete. */
export const thresholdsEndpoints = {
  getActionThresholds: defineEndpoint({
    id: 'getActionThresholds', domain: 'thresholds', method: 'GET', path: '/get_action_thresholds',
    summary: "The company's action thresholds with each one's level now",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ thresholds: z.array(ActionThreshold) }),
    clientMessages: { failure: msg.getFailed },
  }),
  saveActionThreshold: defineEndpoint({
    id: 'saveActionThreshold', domain: 'thresholds', method: 'POST', path: '/save_action_threshold',
    summary: 'Create a threshold, or change one (threshold_id): problem, optional room and crop status, metric, window, amber and red levels, and the automation whose channels alert',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], user: ['assign_to'], resource: true },
    query: z.object({ company_id: CompanyId }),
    either: z.object({
      threshold_id: absentIfBlank(Id),
      problem: ThresholdProblem,
      room_id: absentIfBlank(Id),
      crop_status: absentIfBlank(ThresholdCropStatus),
      metric: ThresholdMetricSchema.default('count'),
      window_hours: ThresholdWindowHours,
      amber: ThresholdValue,
      red: ThresholdValue,
      notification_id: absentIfBlank(Id),
      /** 1: each crossing makes a task assigned to `assign_to` (required then). */
      create_task: Flag01.default(0),
      assign_to: absentIfBlank(Id),
    }),
    response: success({ message: z.string(), threshold: ActionThreshold }),
    clientMessages: { failure: msg.saveFailed },
  }),
  getRoomThresholdLevels: defineEndpoint({
    id: 'getRoomThresholdLevels', domain: 'thresholds', method: 'GET', path: '/get_room_threshold_levels',
    summary: 'Rooms over an action threshold now (amber or red) with the problems over it; rooms not listed are green',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ rooms: z.array(RoomThresholdLevel) }),
    clientMessages: { failure: msg.levelsFailed },
  }),
  getThresholdCrossingsForBoxes: defineEndpoint({
    id: 'getThresholdCrossingsForBoxes', domain: 'thresholds', method: 'GET', path: '/get_threshold_crossings_for_boxes',
    summary: 'Verdant extension: the threshold crossings running now in the rooms of the named boxes, each with the boxes it covers (red first, the latest first): what an application can name as its target (CrossingIDs)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      GridBoxIDs: ListField(Id, { max: CROSSINGS_BOXES_MAX, what: 'grid box ids' }).refine((ids) => ids.length > 0, { error: 'must name at least one grid box' }),
      limit: Limit(50, 200),
    }),
    response: success({ crossings: z.array(BoxThresholdCrossing) }),
    clientMessages: { failure: msg.crossingsFailed },
  }),
  deleteActionThreshold: defineEndpoint({
    id: 'deleteActionThreshold', domain: 'thresholds', method: 'DELETE', path: '/delete_action_threshold',
    summary: 'Delete a threshold (Admin); its crossings stay in the history, it raises no more alerts',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, threshold_id: Id }),
    response: success({ message: z.string(), threshold_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),
};
