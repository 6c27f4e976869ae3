// Test helpers (excluded from the build): a given/when/then runner for deciders, in the style of
// Emmett's DeciderSpecification, and a deep freeze that makes any mutation throw (ESM code is strict).
import { expect } from '@jest/globals';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** Runs `fn`, expects a `DomainError` of `errorClass` with exactly `message`, and returns it. */
export function expectRejection(
  fn: () => unknown,
  errorClass: DomainErrorClass,
  message: string,
): DomainError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(errorClass);
  expect((thrown as Error).message).toBe(message);
  return thrown as DomainError;
}

export function deciderSpec<C, E, S>(decider: Decider<C, E, S>) {
  return (given: E[]) => {
    const state = deepFreeze(given.reduce(decider.evolve, decider.initialState()));
    return {
      state,
      when: (command: C) => {
        const decide = () => decider.decide(deepFreeze(command), state);
        return {
          then: (expected: E[]) => {
            const events = decide();
            expect(events).toStrictEqual(expected);
            return events.reduce(decider.evolve, state);
          },
          thenThrows: (errorClass: DomainErrorClass, message: string) =>
            expectRejection(decide, errorClass, message),
        };
      },
    };
  };
}
