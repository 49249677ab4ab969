import type { FieldType, TemplateType } from '@verdant/contract';
import type { Generated, ColumnType } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Form templates and responses, the plant-problem library, colour mappings, observations, comments. */

export interface FormTemplateTable {
  template_id: Generated<number>;
  company_id: number;
  template_name: string;
  form_category: Generated<string>;
  page_css: Generated<string>;
  /** Written only with the contract's template types. */
  default_for_type: TemplateType | null;
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
  /** Written only with the contract's field types. */
  field_type: FieldType;
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
  /** 'suspected': a scan's or camera's detection not yet reviewed (migration 2026_11_29_0300), counted apart. */
  status: Generated<'open' | 'resolved' | 'dismissed' | 'suspected'>;
  status_changed_at: Timestamp | null;
  status_changed_by: number | null;
  /** The detection's confidence (0–1) for an observation a scan filed; null otherwise. */
  confidence: Generated<number | null>;
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
