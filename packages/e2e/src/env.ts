/** What global setup tells the test workers about the running server (through the environment). */
export interface E2EServer {
  baseURL: string;
  dataDir: string;
  outboxDir: string;
  companyName: string;
  admin: { email: string; password: string };
}

export const ENV = {
  baseURL: 'VERDANT_E2E_BASE_URL',
  dataDir: 'VERDANT_E2E_DATA_DIR',
  companyName: 'VERDANT_E2E_COMPANY',
  adminEmail: 'VERDANT_E2E_ADMIN_EMAIL',
  adminPassword: 'VERDANT_E2E_ADMIN_PASSWORD',
} as const;

export const FIRST_START = {
  companyName: 'E2E Greenhouses',
  adminEmail: 'admin@e2e.test',
  adminPassword: 'e2e-Admin-password-1',
} as const;

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): E2EServer {
  const get = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`${name} is not set: run the specs through playwright.config.ts (global setup starts the server).`);
    return v;
  };
  const dataDir = get(ENV.dataDir);
  return {
    baseURL: get(ENV.baseURL),
    dataDir,
    outboxDir: `${dataDir}/outbox`,
    companyName: get(ENV.companyName),
    admin: { email: get(ENV.adminEmail), password: get(ENV.adminPassword) },
  };
}

/** The classifier global setup puts in the server's AI_MODEL_DIR (server/src/test/fixtures/tiny-onnx.ts: white, yellow, green). */
export const E2E_ONNX_MODEL = {
  name: 'e2e-colours',
  side: 32,
  labels: ['powdery-mildew', 'nitrogen-deficiency', 'healthy'],
} as const;
