import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CompanyTable {
  company_id: Generated<number>;
  company_name: string;
  company_type: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserTable {
  user_id: Generated<number>;
  company_id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  user_role: 'SuperAdmin' | 'Admin' | 'Regular';
  threshold: number | null;
  location: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Carried in access tokens; bumped to refuse every one of them at once. */
  token_version: Generated<number>;
  active: Generated<boolean>;
}

export interface CompanySettingsTable {
  company_id: number;
  grid_order: Json<string[] | null> | null;
  grid_opacity: Generated<number>;
  offline_mode: Generated<number>;
  ai_model: Generated<string>;
  auto_refresh: Generated<number>;
  language: Generated<string>;
  stickytrap_render: Generated<number>;
  threshold_warning: Generated<number>;
  threshold_critical: Generated<number>;
  updated_at: Timestamp;
}

export interface InvitationTable {
  invitation_id: Generated<number>;
  company_id: number;
  email: string;
  role: 'SuperAdmin' | 'Admin' | 'Regular';
  token_hash: string;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  used_by: number | null;
}

export interface RefreshTokenTable {
  token_id: string;
  family_id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuthAttemptTable {
  id: Generated<number>;
  kind: string;
  key: string;
  at: Timestamp;
}

export interface AuditEventTable {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: Timestamp;
  locked_until: Timestamp;
  committed_at: Timestamp | null;
  lease_token: string | null;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: Timestamp;
}

export interface RoomTable {
  room_id: Generated<number>;
  company_id: number;
  name: string;
  description: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  scanned: Generated<boolean>;
  scanned_at: Timestamp | null;
  last_scanned_by: number | null;
  whiteboard_image: string | null;
  start_scroll: Generated<number>;
}

export interface RoomWhiteboardTable {
  whiteboard_id: Generated<number>;
  company_id: number;
  room_id: number;
  image_key: string;
  thumb_key: string;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
}

export interface GridTable {
  grid_id: Generated<number>;
  company_id: number;
  name: string;
  description: Generated<string>;
  nx: number;
  ny: number;
  image_name: string | null;
  image_thumb: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  scanned: Generated<boolean>;
  scanned_at: Timestamp | null;
  last_scanned_by: number | null;
}

export interface RoomGridTable {
  id: Generated<number>;
  company_id: number;
  room_id: number;
  grid_id: number;
}

export interface GridBoxTable {
  grid_box_id: Generated<number>;
  company_id: number;
  grid_id: number;
  x: number;
  y: number;
  color: string | null;
  status: string | null;
  content: string | null;
  image_name: string | null;
  custom_name: string | null;
  culled: Generated<boolean>;
  culled_at: Timestamp | null;
  culled_by: number | null;
}

export interface ScoutingRoundTable {
  round_id: Generated<number>;
  company_id: number;
  started_at: Timestamp;
  started_by: number | null;
}

export interface ScanMarkTable {
  mark_id: Generated<number>;
  company_id: number;
  round_id: number | null;
  room_id: number | null;
  grid_id: number | null;
  user_id: number | null;
  scanned_at: Timestamp;
}

export interface PlantTable {
  plant_id: Generated<number>;
  plant_uid: string;
  company_id: number;
  created_at: Timestamp;
  created_by: number | null;
}

export interface SubGridboxTable {
  sub_gridbox_id: Generated<number>;
  company_id: number;
  parent_gridbox_id: number;
  subx: number;
  suby: number;
  custom_name: string | null;
  plant_id: number | null;
  color: string | null;
  status: string | null;
  content: string | null;
  image_name: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface PlantMovementTable {
  movement_id: Generated<number>;
  company_id: number;
  plant_id: number;
  from_sub_gridbox_id: number | null;
  to_sub_gridbox_id: number | null;
  from_gridbox_id: number | null;
  to_gridbox_id: number | null;
  from_room_id: number | null;
  to_room_id: number | null;
  batch_id: number | null;
  movement_reason: string | null;
  notes: string | null;
  moved_by: number | null;
  moved_at: Timestamp;
}

export interface GridTemplateTable {
  template_id: Generated<number>;
  company_id: number;
  template_name: string;
  template_type: 'Grid' | 'SubGrid';
  rows: number;
  columns: number;
  description: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface FormTemplateTable {
  template_id: Generated<number>;
  company_id: number;
  template_name: string;
  form_category: Generated<string>;
  page_css: Generated<string>;
  default_for_type: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface FormFieldTable {
  field_id: Generated<number>;
  company_id: number;
  template_id: number;
  field_name: string;
  field_type: string;
  field_options: ColumnType<unknown, string | undefined, string>;
  is_required: Generated<boolean>;
  is_active: Generated<boolean>;
  css_class: Generated<string>;
  report_id: number | null;
  position: Generated<number>;
}

export interface FormHideUntilTable {
  form_field_hidden_uid: Generated<string>;
  company_id: number;
  hidden_field_id: number;
  linked_field_id: number;
  linked_input: string;
}

export interface FormResponseTable {
  response_id: Generated<number>;
  company_id: number;
  template_id: number;
  submitted_by: number | null;
  submitted_at: Timestamp;
  observed_at: Timestamp;
  kind: Generated<'box' | 'boxes' | 'room' | 'image'>;
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  sub_gridbox_id: number | null;
  batch_id: number | null;
  status: Generated<string>;
  image_key: string | null;
  image_thumb: string | null;
}

export interface FieldResponseTable {
  field_response_id: Generated<number>;
  company_id: number;
  response_id: number;
  field_id: number;
  input_data: Generated<string>;
}

export interface SymptomGroupTable {
  symptom_group_id: Generated<number>;
  name: string;
  description: Generated<string>;
}

export interface SymptomTable {
  symptom_id: Generated<number>;
  symptom_group_id: number;
  name: string;
}

export interface ColorSymptomTable {
  color_symptom_id: Generated<number>;
  name: string;
  hex: string;
}

export interface PlantProblemTable {
  problem_id: Generated<number>;
  company_id: number | null;
  slug: string;
  name: string;
  category: string;
  description: Generated<string>;
  symptoms_text: Generated<string>;
  solutions: ColumnType<{ cultural: string[]; biological: string[]; chemical: string[] }, string | undefined, string>;
  default_color: string | null;
}

export interface PlantProblemSymptomTable {
  problem_id: number;
  symptom_id: number;
}

export interface PlantProblemColorSymptomTable {
  problem_id: number;
  color_symptom_id: number;
}

export interface ProblemCustomSolutionTable {
  solution_id: Generated<number>;
  company_id: number;
  problem_id: number;
  custom_solution: string;
  created_by: number | null;
  created_at: Timestamp;
}

export interface ProblemColorMappingTable {
  id: Generated<number>;
  company_id: number;
  problem: string;
  color: string;
  abbreviation: Generated<string>;
  updated_at: Timestamp;
}

export interface ProblemObservationTable {
  observation_id: Generated<number>;
  company_id: number;
  problem: string;
  problem_id: number | null;
  severity: number | null;
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  sub_gridbox_id: number | null;
  batch_id: number | null;
  source: 'form' | 'scan' | 'batch_problem';
  response_id: number | null;
  field_response_id: number | null;
  notes: string | null;
  observed_at: Timestamp;
  observed_by: number | null;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  status_changed_at: Timestamp | null;
  status_changed_by: number | null;
}

export interface ObservationActionTable {
  action_id: Generated<number>;
  company_id: number;
  observation_id: number;
  action: 'resolve' | 'dismiss' | 'reopen';
  user_id: number | null;
  acted_at: Timestamp;
}

export interface CommentTable {
  comment_id: Generated<number>;
  company_id: number;
  response_id: number;
  user_id: number;
  comment_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BatchTable {
  batch_id: Generated<number>;
  company_id: number;
  batch_number: string;
  number_of_plants: Generated<number>;
  strain_name: Generated<string>;
  batch_status: Generated<string>;
  color: string | null;
  pre_books: Generated<number>;
  start_date: string | null;
  end_date: string | null;
  harvested_at: Timestamp | null;
  harvested_by: number | null;
  harvest_wet_weight: number | null;
  harvest_dry_weight: number | null;
  harvest_unit: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BatchStatusHistoryTable {
  id: Generated<number>;
  company_id: number;
  batch_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  changed_at: Timestamp;
}

export interface CustomBatchStatusTable {
  id: Generated<number>;
  company_id: number;
  status_name: string;
  created_at: Timestamp;
}

export interface RoomBatchTable {
  company_id: number;
  room_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
  unlinked_at: Timestamp | null;
}

export interface GridBatchTable {
  company_id: number;
  grid_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
}

export interface GridboxBatchTable {
  company_id: number;
  grid_box_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
}

export interface BatchRoomMoveTable {
  id: Generated<number>;
  company_id: number;
  batch_id: number;
  old_room_id: number | null;
  new_room_id: number | null;
  moved_by: number | null;
  moved_at: Timestamp;
}

export interface PlantBatchTable {
  company_id: number;
  plant_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
}

export interface TrayTemplateTable {
  template_id: Generated<number>;
  company_id: number;
  template_name: string;
  number_of_plants: number;
  description: string | null;
  default_batch_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface TrayTable {
  tray_id: Generated<number>;
  company_id: number;
  tray_name: string;
  number_of_plants: number;
  batch_id: number | null;
  template_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every table; each later domain adds its own here. */
export interface DB {
  companies: CompanyTable;
  users: UserTable;
  company_settings: CompanySettingsTable;
  invitations: InvitationTable;
  refresh_tokens: RefreshTokenTable;
  password_resets: PasswordResetTable;
  auth_attempts: AuthAttemptTable;
  audit_events: AuditEventTable;
  idempotency_keys: IdempotencyKeyTable;
  contact_messages: ContactMessageTable;
  rooms: RoomTable;
  room_whiteboards: RoomWhiteboardTable;
  grids: GridTable;
  room_grid: RoomGridTable;
  grid_boxes: GridBoxTable;
  scouting_rounds: ScoutingRoundTable;
  scan_marks: ScanMarkTable;
  plants: PlantTable;
  sub_gridboxes: SubGridboxTable;
  plant_movements: PlantMovementTable;
  grid_templates: GridTemplateTable;
  form_templates: FormTemplateTable;
  form_fields: FormFieldTable;
  form_hide_until: FormHideUntilTable;
  form_responses: FormResponseTable;
  field_responses: FieldResponseTable;
  symptom_groups: SymptomGroupTable;
  symptoms: SymptomTable;
  color_symptoms: ColorSymptomTable;
  plant_problems: PlantProblemTable;
  plant_problem_symptoms: PlantProblemSymptomTable;
  plant_problem_color_symptoms: PlantProblemColorSymptomTable;
  problem_custom_solutions: ProblemCustomSolutionTable;
  problem_color_mappings: ProblemColorMappingTable;
  problem_observations: ProblemObservationTable;
  observation_actions: ObservationActionTable;
  comments: CommentTable;
  batches: BatchTable;
  batch_status_history: BatchStatusHistoryTable;
  custom_batch_statuses: CustomBatchStatusTable;
  room_batches: RoomBatchTable;
  grid_batches: GridBatchTable;
  gridbox_batches: GridboxBatchTable;
  batch_room_moves: BatchRoomMoveTable;
  plant_batches: PlantBatchTable;
  tray_templates: TrayTemplateTable;
  trays: TrayTable;
}
