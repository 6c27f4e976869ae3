import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * docs/product.md §4.2 (Live connection): the live connection passes through connected, authenticated, joined-draft
 * and disconnected.
 */
export type LiveConnectionStatus = 'disconnected' | 'connected' | 'authenticated';

export interface LiveState {
  status: LiveConnectionStatus;
  /**
   * How many distinct users the server reports as connected (`activeUsersUpdate {count}`); null until it has said so
   * on this connection (the socket is open before the server has counted it).
   */
  activeUserCount: number | null;
  /** The draft room this client has joined, if any. */
  joinedDraftId: string | null;
}

export const initialLiveState: LiveState = {
  status: 'disconnected',
  activeUserCount: null,
  joinedDraftId: null,
};

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
    /** On disconnect the active-user count is forgotten (docs/product.md §4.2 (Live connection)). */
    liveDisconnected(state) {
      state.status = 'disconnected';
      state.activeUserCount = null;
      state.joinedDraftId = null;
    },
    activeUserCountUpdated(state, action: PayloadAction<number>) {
      state.activeUserCount = action.payload;
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
  activeUserCountUpdated,
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
export const selectActiveUserCount = (state: WithLive) => state.live.activeUserCount;
