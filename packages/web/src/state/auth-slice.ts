import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, type Session } from '../lib/session';

/** Mirrors the stored session (access token in localStorage, the rest in cookies); never persisted. */
export type AuthState = Session;

function initialAuth(): AuthState {
  if (typeof window === 'undefined') {
    return { userRole: null, userId: null, accessToken: null, refreshToken: null, companyID: null };
  }
  return readSession();
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuth,
  reducers: {
    sessionChanged: (_state, action: PayloadAction<Session>) => action.payload,
  },
});

export const { sessionChanged } = authSlice.actions;
export const authReducer = authSlice.reducer;
