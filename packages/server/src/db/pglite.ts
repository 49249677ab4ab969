import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PGlite (in `dir`, or in memory when dir is undefined) behind a loopback socket, so the
 * server speaks the PostgreSQL wire protocol through `pg` exactly as it does against a real server.
 */
export async function startEmbeddedDatabase(dir?: string): Promise<EmbeddedDatabase> {
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  const db = await PGlite.create(dir ? { dataDir: dir } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  const conn = server.getServerConn();
  return {
    url: `postgres://postgres@${conn}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
