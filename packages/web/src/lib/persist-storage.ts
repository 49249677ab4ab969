import type { Storage } from 'redux-persist';

/**
 * localStorage behind redux-persist's async interface. Written here rather than imported from
 * `redux-persist/lib/storage`, whose CommonJS default export does not survive the production bundle.
 */
export const persistStorage: Storage = {
  getItem: (key: string) => Promise.resolve(localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(localStorage.removeItem(key)),
};
