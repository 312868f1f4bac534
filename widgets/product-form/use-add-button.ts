import { useCallback, useEffect, useRef, useState } from 'react';
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
 * frame, before React re-renders, is still ignored.
 */
export function useAddButton(): AddButtonMachine {
  const [phase, setPhaseState] = useState<AddPhase>('idle');
  const current = useRef<AddPhase>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const setPhase = useCallback((next: AddPhase) => {
    current.current = next;
    setPhaseState(next);
  }, []);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );

  const begin = useCallback(() => {
    if (current.current !== 'idle') return false;
    setPhase('adding');
    return true;
  }, [setPhase]);

  const succeed = useCallback(() => {
    later(ADD_BUTTON_TIMING.addedDelayMs, () => {
      setPhase('added');
      later(ADD_BUTTON_TIMING.addedDurationMs, () => setPhase('idle'));
    });
  }, [later, setPhase]);

  const fail = useCallback(() => {
    later(ADD_BUTTON_TIMING.errorResetMs, () => setPhase('idle'));
  }, [later, setPhase]);

  const reset = useCallback(() => setPhase('idle'), [setPhase]);

  return { phase, begin, succeed, fail, reset };
}
