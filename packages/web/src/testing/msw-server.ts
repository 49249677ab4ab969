import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The API as the tests see it: the HTTP client resolves `/api` against jsdom's http://localhost:3000. */
export const API = 'http://localhost:3000/api';

/**
 * Answers every test needs but few look at: no room over an action threshold, an empty problem library and no colour mappings (the badge on the rooms
 * list, the room map and the overview asks on every such screen). A test that looks at it `server.use`s its own.
 */
const backgroundHandlers = [
  http.get(`${API}/get_room_threshold_levels`, () => HttpResponse.json({ status: 'success', rooms: [] })),
  // The library and colour mappings every screen reads for problem names and colours (components/problem-look).
  http.get(`${API}/plant_problems/load_plant_problems`, () => HttpResponse.json({ status: 'success', problems: [] })),
  http.get(`${API}/get_problem_color_mappings`, () => HttpResponse.json({ status: 'success', mappings: [] })),
  // The room map's sample-plant layer (crop registration) asks on every room page: none by default.
  http.get(`${API}/crop_registration/room_sample_plants`, () => HttpResponse.json({ status: 'success', plants: [] })),
];

export const server = setupServer(...backgroundHandlers);
