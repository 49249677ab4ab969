import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The API as the tests see it: the HTTP client resolves `/api` against jsdom's http://localhost:3000. */
export const API = 'http://localhost:3000/api';

/**
 * Answers every test needs but few look at: no room over an action threshold (the badge on the rooms
 * list, the room map and the overview asks on every such screen). A test that looks at it `server.use`s its own.
 */
const backgroundHandlers = [http.get(`${API}/get_room_threshold_levels`, () => HttpResponse.json({ status: 'success', rooms: [] }))];

export const server = setupServer(...backgroundHandlers);
