import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEBHOOK_HOSTS, parseHostList, type WebhookAllowHosts } from '../lib/webhooks/allow-list.js';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  READ_DATABASE_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SENTRY_DSN: optionalUrl,
  WEATHER_API_URL: optionalUrl,
  WEATHER_GEOCODING_URL: optionalUrl,
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VERDANT_COMPANY_NAME: z.string().trim().min(1).optional(),
  VERDANT_ADMIN_EMAIL: z.email().optional(),
  VERDANT_ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  VERDANT_DEMO: z.enum(['0', '1']).default('1'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  FILE_LIMIT_BYTES: z.coerce.number().int().positive().default(15 * 1024 * 1024),
  VERDANT_MAX_BOXES_PER_COMPANY: z.coerce.number().int().positive().default(250_000),
  VERDANT_MAX_BOXES_PER_ROOM: z.coerce.number().int().positive().default(50_000),
  VERDANT_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  VERDANT_ROOM_CACHE_MB: z.coerce.number().int().min(0).default(64),
  AI_MODEL_DIR: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  WEBHOOK_ALLOWED_HOSTS_SLACK: z.string().optional(),
  WEBHOOK_ALLOWED_HOSTS_TEAMS: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** A replica for reads where a few seconds of lag are acceptable (reports, trends, register exports): docs/deploy.md. */
  readDatabaseUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  publicUrl: string;
  sentryDsn?: string;
  /** Open-Meteo compatible weather service (modules/weather/weather-urls.ts); absent: weather is not set up. */
  weatherApiUrl?: string;
  /** Its geocoding base; absent: derived from weatherApiUrl. */
  weatherGeocodingUrl?: string;
  /** How long one call to the weather service may take (default 4 s; tests shorten it). */
  weatherTimeoutMs?: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Which proxies may set X-Forwarded-For (per-IP limits depend on it): false, true, or addresses. */
  trustProxy: boolean | string[];
  firstStart: { companyName?: string; adminEmail?: string; adminPassword?: string; demo: boolean };
  limits: { bodyBytes: number; fileBytes: number };
  /** Grid boxes a company, and one room, may hold: every grid creation is checked against both. */
  boxLimits: { perCompany: number; perRoom: number };
  /** A request still unanswered after this long gets a 503; 0 turns the timeout off. */
  requestTimeoutMs: number;
  /** Rooms' load texts kept in memory at most, in bytes (modules/rooms/room-texts.ts); 0 keeps none. */
  roomCacheBytes: number;
  /** Where ONNX classifiers live: `<name>.onnx` beside `<name>.labels.txt` (lib/vision/models.ts); absent: built-in analysis only. */
  aiModelDir?: string;
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Where the built web app lives; absent in API-only tests. */
  webDist?: string;
  /** Tests check every answer against the contract's response schema. */
  validateResponses: boolean;
  /** Tests: sign-in rate limits can be tightened or loosened. */
  authRateLimit: { max: number; windowMs: number };
  /**
   * Slack / Teams webhook hosts (WEBHOOK_ALLOWED_HOSTS_SLACK / _TEAMS replace the defaults; lib/webhooks).
   * allowLoopbackForTests is never set from the environment: only test code sets it, for local receivers.
   */
  webhooks: { allowHosts: WebhookAllowHosts; allowLoopbackForTests?: boolean };
  /** Tests and benchmarks: notification delivery retries, back-off and polling (modules/automations/automations.delivery.ts has the defaults). */
  notificationDelivery?: { retryLimit?: number; retryDelaySeconds?: number; pollMs?: number; batchSize?: number };
}

export class ConfigError extends Error {}

/** Parses the environment once; every bad variable is listed in one error. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Complete = e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    readDatabaseUrl: e.READ_DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sentryDsn: e.SENTRY_DSN,
    weatherApiUrl: e.WEATHER_API_URL,
    weatherGeocodingUrl: e.WEATHER_GEOCODING_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === '' || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : e.TRUST_PROXY.split(',').map((s) => s.trim()),
    firstStart: {
      companyName: e.VERDANT_COMPANY_NAME,
      adminEmail: e.VERDANT_ADMIN_EMAIL,
      adminPassword: e.VERDANT_ADMIN_PASSWORD,
      demo: e.VERDANT_DEMO === '1',
    },
    limits: { bodyBytes: e.BODY_LIMIT_BYTES, fileBytes: e.FILE_LIMIT_BYTES },
    boxLimits: { perCompany: e.VERDANT_MAX_BOXES_PER_COMPANY, perRoom: e.VERDANT_MAX_BOXES_PER_ROOM },
    requestTimeoutMs: e.VERDANT_REQUEST_TIMEOUT_MS,
    roomCacheBytes: e.VERDANT_ROOM_CACHE_MB * 1024 * 1024,
    aiModelDir: e.AI_MODEL_DIR ? path.resolve(e.AI_MODEL_DIR) : undefined,
    s3: s3Complete
      ? {
          endpoint: e.S3_ENDPOINT!,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    validateResponses: false,
    // Per account and address; see signInLimits in modules/auth/rate-limit.ts (the limiter itself: lib/attempts/rate-limit.ts) for the others.
    authRateLimit: { max: 5, windowMs: 15 * 60 * 1000 },
    webhooks: {
      allowHosts: {
        slack: parseHostList(e.WEBHOOK_ALLOWED_HOSTS_SLACK) ?? DEFAULT_WEBHOOK_HOSTS.slack,
        teams: parseHostList(e.WEBHOOK_ALLOWED_HOSTS_TEAMS) ?? DEFAULT_WEBHOOK_HOSTS.teams,
      },
    },
  };
}
