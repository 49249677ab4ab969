import type { FastifyReply } from 'fastify';
import { weatherMessages, type weatherEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { todaysWeather, weatherRange, type WeatherAnswer } from './weather.service.js';

/**
 * A weather service that is not set up or cannot be reached is not our failure: a 503 that says so and
 * carries the last copy kept, answered here rather than thrown, so it is not reported as a server error.
 */
function answer<D>(reply: FastifyReply, result: WeatherAnswer<D>) {
  if (result.ok) return { status: 'success' as const, data: result.data };
  reply.code(503);
  return {
    status: 'error' as const,
    error: 'unavailable' as const,
    reason: result.reason,
    message: result.reason === 'not_configured' ? weatherMessages.notConfigured : weatherMessages.unreachable,
    data: result.data,
  };
}

export const weatherHandlers: Handlers<typeof weatherEndpoints> = {
  getWeatherRange: async ({ app, input, reply }) => answer(reply, await weatherRange(app, input)),
  getTodaysWeather: async ({ app, input, reply }) => answer(reply, await todaysWeather(app, input)),
};
