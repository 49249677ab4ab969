/** Types of parity-bundle.mjs (a plain script, so the vision package's scripts need no build). */
export function buildParityBundle(): Promise<string>;
export function runInNode(code: string): { all: string; big: () => string };
