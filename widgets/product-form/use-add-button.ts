import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../../src/react/use-latest.js';

/** What the add button shows: its idle label, Adding… or Added!. */
export type AddPhase = 'idle' | 'adding' | 'added';

/**
 * The add button's states. `loading`: the flow's code is on its way after a press (Adding… at
 * once); `adding`: the flow is sending; `succeeded`, `failed`: the send is over and the button
 * waits before Added! or idle; `leaving`: the page is going to another page.
 */
export type AddState = 'idle' | 'loading' | 'adding' | 'succeeded' | 'added' | 'failed' | 'leaving';

/**
 * What moves the button: a press whose flow's code is not here yet (`load`), the flow's code in
 * (`loaded`, or `stopped` when it cannot load), a press that asks for the additional-fields form
 * first (`ask`), a send (`send`, from a press or from the dialog's submit), how the send ended
 * (the add flow's `AddOutcome` kinds: `added`, `failed`, `leaving`), the state's own timer
 * (`timer`), and the page shown again from the browser's back/forward cache (`back`: the shopper
 * came back from the page the button left for).
 */
export type AddEvent =
  'load' | 'loaded' | 'stopped' | 'ask' | 'send' | 'added' | 'failed' | 'leaving' | 'timer' | 'back';

interface AddStateRow {
  /** What the button shows in this state. */
  readonly phase: AddPhase;
  /** The state each event leads to; an event not named here is ignored. */
  readonly on: Partial<Readonly<Record<AddEvent, AddState>>>;
  /** After this long in the state, its `timer` event. */
  readonly afterMs?: number;
}

// Add-to-cart button timing (spec 000 §4, §9), as the table reads it. Named one by one so the
// build inlines the figures into the table.
const ADDED_DELAY_MS = 1000;
const ADDED_DURATION_MS = 2000;
const ERROR_RESET_MS = 1000;

/** Add-to-cart button timing (spec 000 §4, §9), the figures {@link ADD_BUTTON_STATES} reads. */
export const ADD_BUTTON_TIMING = {
  /** After success, Added! appears this long later. */
  addedDelayMs: ADDED_DELAY_MS,
  /** Added! stays this long before the button returns to idle. */
  addedDurationMs: ADDED_DURATION_MS,
  /** After a failure the button returns to idle this long later. */
  errorResetMs: ERROR_RESET_MS,
} as const;

/**
 * The add button's state table (spec 000 §4 "Add-to-cart button", §9): idle -> adding -> Added!
 * about 1 second after success -> idle 2 seconds later; on failure the error is shown and the
 * button is idle 1 second later; with express checkout (and for the gift-card and subscription
 * pages) success leaves the page, Adding… until it goes; a press that opens the additional-fields
 * form leaves the button idle, and the dialog's submit sends from there (one the checks refuse
 * leaves it idle with their message). Only the idle button takes a press: one in any other
 * state, Added! included, is ignored. Back on the page from the back/forward cache, a button
 * that left it is idle again.
 */
export const ADD_BUTTON_STATES: Readonly<Record<AddState, AddStateRow>> = {
  idle: { phase: 'idle', on: { load: 'loading', ask: 'idle', send: 'adding' } },
  loading: { phase: 'adding', on: { loaded: 'idle', stopped: 'idle' } },
  adding: { phase: 'adding', on: { added: 'succeeded', failed: 'failed', leaving: 'leaving' } },
  succeeded: { phase: 'adding', afterMs: ADDED_DELAY_MS, on: { timer: 'added' } },
  added: { phase: 'added', afterMs: ADDED_DURATION_MS, on: { timer: 'idle' } },
  failed: { phase: 'adding', afterMs: ERROR_RESET_MS, on: { timer: 'idle' } },
  leaving: { phase: 'adding', on: { back: 'idle' } },
};

/** The state `event` leads to from `state`, or null when the table ignores it there. */
export const nextAddState = (state: AddState, event: AddEvent): AddState | null =>
  ADD_BUTTON_STATES[state].on[event] ?? null;

export interface AddButtonMachine {
  readonly phase: AddPhase;
  /** Applies `event` by the table; false (and nothing happens) when the table ignores it. */
  move(event: AddEvent): boolean;
}

/**
 * The add button's state machine over {@link ADD_BUTTON_STATES}: it owns the state and the
 * state's timers, cleared when the form unmounts. The state is mirrored in a ref so a second
 * click in the same frame, before React re-renders, is still ignored. `move` reads only refs and
 * the state setter, so one kept from an earlier render (by an add in flight) acts on the
 * current state.
 */
export function useAddButton(): AddButtonMachine {
  const [state, setState] = useState<AddState>('idle');
  const current = useRef<AddState>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );

  const move = (event: AddEvent): boolean => {
    const next = nextAddState(current.current, event);
    if (next === null) return false;
    current.current = next;
    setState(next);
    const { afterMs } = ADD_BUTTON_STATES[next];
    if (afterMs !== undefined) timers.current.push(setTimeout(() => move('timer'), afterMs));
    return true;
  };

  // A page restored from the back/forward cache keeps its state: the button that left for the
  // checkout would read Adding… and take no press until a reload.
  const latestMove = useLatest(move);
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) latestMove.current('back');
    };
    addEventListener('pageshow', shown);
    return () => removeEventListener('pageshow', shown);
  }, [latestMove]);

  return { phase: ADD_BUTTON_STATES[state].phase, move };
}
