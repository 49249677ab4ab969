import { setupServer } from 'msw/node';

/** The API as the tests see it: the HTTP client resolves `/api` against jsdom's http://localhost:3000. */
export const API = 'http://localhost:3000/api';

export const server = setupServer();
