/**
 * Emmett-style message and decider shapes. Messages are `{ type, data }` so an event maps one to one onto
 * the event store's `type` and `data` columns; metadata (ids, acting user, time recorded) belongs to the store.
 */
export type Command<Type extends string, Data extends object> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

export type Event<Type extends string, Data extends object> = Readonly<{ type: Type; data: Readonly<Data> }>;

/**
 * `decide` returns the events a command causes (none for a no-op) or throws a `DomainError`;
 * `evolve` folds one event into the state and never throws nor mutates its inputs.
 */
export type Decider<C, E, S> = {
  initialState: () => S;
  decide: (command: C, state: S) => E[];
  evolve: (state: S, event: E) => S;
  /**
   * A stored event in its current shape (old shapes completed), null when it is not one of this stream's events.
   * The state load folds what it returns; absent, stored events are folded as they are.
   */
  upcast?: (stored: { streamId: string; type: string; data: unknown; recordedAt: Date }) => E | null;
};
