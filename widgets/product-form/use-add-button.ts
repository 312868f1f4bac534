import { useEffect, useRef, useState } from 'react';

export type AddPhase = 'idle' | 'adding' | 'added';

export interface AddButtonMachine {
  readonly phase: AddPhase;
  /** Moves idle -> adding; false (and nothing happens) in any other phase. */
  begin(): boolean;
  /** Straight back to idle (the flow stopped before anything was sent). */
  reset(): void;
  /** Sets the phase (the add hook's timed Added! and return to idle, ./use-add-to-cart.ts). */
  set(phase: AddPhase): void;
  /** Runs `fn` after `ms`, unless the form has unmounted by then. */
  later(ms: number, fn: () => void): void;
}

/**
 * The add button's state machine; its timed phases after an add are the add flow's, which only an
 * add needs. The phase is mirrored in a ref so a second click in the same
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
    reset,
    set: setPhase,
    later,
  };
}
