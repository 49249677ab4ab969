/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Backend base address; default `/api` on the page's origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Sentry is initialised only when this is set. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
