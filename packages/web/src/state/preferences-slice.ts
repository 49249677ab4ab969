import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_STICKYTRAP_RENDER, type Language } from '@verdant/contract';

/**
 * The only state kept across reloads (spec-2 §4): language, auto-refresh, sticky-trap render,
 * scroll page and weather. Persisted by redux-persist under the root key `root`.
 */
export interface PreferencesState {
  language: Language | null;
  autoRefresh: 0 | 1;
  stickyTrap: number;
  scrollPage: number;
  /** Last weather answer for the user's location; its fields are not specified yet. */
  weather: Record<string, unknown> | null;
}

export const initialPreferences: PreferencesState = {
  language: null,
  autoRefresh: 0,
  stickyTrap: DEFAULT_STICKYTRAP_RENDER,
  scrollPage: 1,
  weather: null,
};

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferences,
  reducers: {
    languageChanged: (s, a: PayloadAction<Language>) => {
      s.language = a.payload;
    },
    autoRefreshChanged: (s, a: PayloadAction<0 | 1>) => {
      s.autoRefresh = a.payload;
    },
    stickyTrapChanged: (s, a: PayloadAction<number>) => {
      s.stickyTrap = a.payload;
    },
    scrollPageChanged: (s, a: PayloadAction<number>) => {
      s.scrollPage = a.payload;
    },
    weatherChanged: (s, a: PayloadAction<Record<string, unknown> | null>) => {
      s.weather = a.payload;
    },
    /** On sign-out: company data goes, the device's language stays. */
    preferencesReset: (s) => ({ ...initialPreferences, language: s.language }),
  },
});

export const {
  languageChanged,
  autoRefreshChanged,
  stickyTrapChanged,
  scrollPageChanged,
  weatherChanged,
  preferencesReset,
} = preferencesSlice.actions;
export const preferencesReducer = preferencesSlice.reducer;
