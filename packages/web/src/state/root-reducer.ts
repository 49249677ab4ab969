import { combineReducers } from '@reduxjs/toolkit';
import { authReducer } from './auth-slice';
import { preferencesReducer } from './preferences-slice';

export const rootReducer = combineReducers({
  auth: authReducer,
  preferences: preferencesReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
/** Only these slices are persisted (spec-2 §4). */
export const PERSISTED_SLICES: Array<keyof RootState> = ['preferences'];
