import type { Generated } from 'kysely';
import type { Timestamp, Json } from './column-types.js';

/** Companies, users, sessions and sign-in, settings, invitations, audit, Idempotency-Keys, contact messages. */

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
  user_role: 'SuperAdmin' | 'Admin' | 'Regular' | 'Consultant';
  threshold: number | null;
  location: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Carried in access tokens; bumped to refuse every one of them at once. */
  token_version: Generated<number>;
  active: Generated<boolean>;
  /** The user's own interface language; null follows the company's (company_settings.language). */
  language: 'en' | 'es' | 'nl' | 'fr' | null;
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
  /** IANA time zone; task automations and reminders are timed in it (default 'UTC'). */
  time_zone: Generated<string>;
  /** When a suspected problem (an unreviewed detection) alerts: never, above a confidence, or once confirmed. */
  suspected_alerts: Generated<'off' | 'above' | 'confirmed'>;
  suspected_alert_confidence: Generated<number>;
}

export interface InvitationTable {
  invitation_id: Generated<number>;
  company_id: number;
  email: string;
  role: 'SuperAdmin' | 'Admin' | 'Regular' | 'Consultant';
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
