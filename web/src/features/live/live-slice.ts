import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * docs/product.md §4.2 (Live connection): the live connection passes through connected, authenticated, joined-draft
 * and disconnected.
 */
export type LiveConnectionStatus = 'disconnected' | 'connected' | 'authenticated';

export interface LiveState {
  status: LiveConnectionStatus;
  /** Usernames of the users the server reports as connected. */
  activeUsers: string[];
  /** The draft room this client has joined, if any. */
  joinedDraftId: string | null;
}

export const initialLiveState: LiveState = { status: 'disconnected', activeUsers: [], joinedDraftId: null };

const liveSlice = createSlice({
  name: 'live',
  initialState: initialLiveState,
  reducers: {
    liveConnected(state) {
      state.status = 'connected';
    },
    liveAuthenticated(state) {
      state.status = 'authenticated';
    },
    /** On disconnect the active-user list is emptied (docs/product.md §4.2 (Live connection)). */
    liveDisconnected(state) {
      state.status = 'disconnected';
      state.activeUsers = [];
      state.joinedDraftId = null;
    },
    activeUsersUpdated(state, action: PayloadAction<string[]>) {
      state.activeUsers = action.payload;
    },
    draftRoomJoined(state, action: PayloadAction<string>) {
      state.joinedDraftId = action.payload;
    },
    draftRoomLeft(state) {
      state.joinedDraftId = null;
    },
    /** Logout: the connection is closed and everything it knew is forgotten. */
    liveReset() {
      return initialLiveState;
    },
  },
});

export const {
  liveConnected,
  liveAuthenticated,
  liveDisconnected,
  activeUsersUpdated,
  draftRoomJoined,
  draftRoomLeft,
  liveReset,
} = liveSlice.actions;
export const liveReducer = liveSlice.reducer;

interface WithLive {
  live: LiveState;
}

export const selectLiveStatus = (state: WithLive) => state.live.status;
export const selectIsLiveConnected = (state: WithLive) => state.live.status !== 'disconnected';
export const selectActiveUsers = (state: WithLive) => state.live.activeUsers;
export const selectActiveUserCount = (state: WithLive) => state.live.activeUsers.length;
