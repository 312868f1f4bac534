import { useEffect, useRef, useState } from 'react';
import { ADD_BUTTON_TIMING } from '../../src/constants.js';

export type AddPhase = 'idle' | 'adding' | 'added';

export interface AddButtonMachine {
  readonly phase: AddPhase;
  /** Moves idle -> adding; false (and nothing happens) in any other phase. */
  begin(): boolean;
  /** After success: Added! about 1 s later, back to idle 2 s after that (spec 000 §4, §9). */
  succeed(): void;
  /** After a failure: back to idle 1 s later. */
  fail(): void;
  /** Straight back to idle (the flow stopped before anything was sent). */
  reset(): void;
}

/**
 * The add button's state machine. The phase is mirrored in a ref so a second click in the same
 * frame, before React re-renders, is still ignored. Its functions read only refs and the state
 * setter, so one kept from an earlier render (by an add in flight) acts on the current state.
 */
export function useAddButton(): AddButtonMachine {
  const [phase, setPhaseState] = useState<AddPhase>('idle');
  const current = useRef<AddPhase>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );

  const setPhase = (next: AddPhase) => {
    current.current = next;
    setPhaseState(next);
  };
  const later = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  };
  const reset = () => setPhase('idle');

  return {
    phase,
    begin: () => {
      if (current.current !== 'idle') return false;
      setPhase('adding');
      return true;
    },
    succeed: () =>
      later(ADD_BUTTON_TIMING.addedDelayMs, () => {
        setPhase('added');
        later(ADD_BUTTON_TIMING.addedDurationMs, reset);
      }),
    fail: () => later(ADD_BUTTON_TIMING.errorResetMs, reset),
    reset,
  };
}
