import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const c = parseEnv({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.firstStart.demo).toBe(true);
    expect(c.s3).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short' });
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('JWT_SECRET');
    }
  });

  it('reads first-start and S3 settings', () => {
    const c = parseEnv({
      VERDANT_COMPANY_NAME: 'Acme Growers',
      VERDANT_ADMIN_EMAIL: 'a@acme.test',
      VERDANT_ADMIN_PASSWORD: 'long enough',
      VERDANT_DEMO: '0',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      PUBLIC_URL: 'https://verdant.example.com/',
    });
    expect(c.firstStart).toEqual({ companyName: 'Acme Growers', adminEmail: 'a@acme.test', adminPassword: 'long enough', demo: false });
    expect(c.s3?.bucket).toBe('b');
    expect(c.publicUrl).toBe('https://verdant.example.com');
  });
});
