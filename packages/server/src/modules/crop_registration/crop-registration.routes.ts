import { utcDate, type cropRegistrationEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './crop-registration.service.js';

export const cropRegistrationHandlers: Handlers<typeof cropRegistrationEndpoints> = {
  getMeasurementTypes: ({ app, user, input }) => service.listTypes(app, user, input),
  saveMeasurementType: ({ app, user, input }) => service.saveType(app, user, input),
  deleteMeasurementType: ({ app, user, input }) => service.deleteType(app, user, input.type_id),
  getCropPlantings: ({ app, user, input }) => service.listPlantings(app, user, input),
  saveCropPlanting: ({ app, user, input }) => service.savePlanting(app, user, input),
  getSampleSets: ({ app, user, input }) => service.listSets(app, user, input),
  saveSampleSet: ({ app, user, input }) => service.saveSet(app, user, input),
  deleteSampleSet: ({ app, user, input }) => service.deleteSet(app, user, input.set_id),
  getRoomSamplePlants: ({ app, user, input }) => service.roomSamplePlants(app, user, input, utcDate()),
  getRegistrationWalk: ({ app, user, input }) => service.walk(app, user, input),
  saveRegistration: ({ app, user, input }) => service.register(app, user, input),
  saveRegistrationPhoto: ({ app, user, input }) => service.savePhoto(app, user, input),
  getSamplePlantHistory: ({ app, user, input }) => service.samplePlantHistory(app, user, input),
  getRoomTemperatures: ({ app, user, input }) => service.listTemperatures(app, user, input),
  saveRoomTemperatures: ({ app, user, input }) => service.saveTemperatures(app, user, input),
  getCropHarvests: ({ app, user, input }) => service.listHarvests(app, user, input),
  saveCropHarvest: ({ app, user, input }) => service.saveHarvest(app, user, input),
  getCropIndicators: ({ app, user, input }) => service.indicators(app, user, input),
  getCropTargets: ({ app, user, input }) => service.listTargets(app, user, input.crop_id),
  saveCropTarget: ({ app, user, input }) => service.saveTarget(app, user, input),
  deleteCropTarget: ({ app, user, input }) => service.deleteTarget(app, user, input.target_id),
  runHarvestForecast: ({ app, user, input }) => service.runForecast(app, user, input, utcDate()),
  getHarvestForecast: ({ app, user, input }) => service.latestForecast(app, user, input, utcDate()),
  getForecastAccuracy: ({ app, user, input }) => service.accuracy(app, user, input),
};
