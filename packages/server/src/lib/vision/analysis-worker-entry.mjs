// Worker threads do not inherit this process's TypeScript loader (Node 20): register tsx here, then load the
// worker itself. Plain JavaScript so that Node can start it without any loader.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
