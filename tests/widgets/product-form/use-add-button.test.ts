import { describe, expect, it } from 'vitest';
import {
  ADD_BUTTON_STATES,
  ADD_BUTTON_TIMING,
  nextAddState,
  type AddEvent,
  type AddState,
} from '../../../widgets/product-form/use-add-button.js';

// Spec 000 §4 "Add-to-cart button", as the add hook's state table.
describe('the add button state table', () => {
  it.each<[AddState, AddEvent, AddState | null]>([
    ['idle', 'send', 'adding'],
    ['idle', 'load', 'loading'],
    ['idle', 'ask', 'idle'],
    ['idle', 'timer', null],
    ['loading', 'loaded', 'idle'],
    ['loading', 'stopped', 'idle'],
    ['loading', 'send', null],
    ['adding', 'added', 'succeeded'],
    ['adding', 'failed', 'failed'],
    ['adding', 'leaving', 'leaving'],
    ['adding', 'send', null],
    ['succeeded', 'timer', 'added'],
    ['succeeded', 'send', null],
    ['added', 'timer', 'idle'],
    ['added', 'send', null],
    ['added', 'load', null],
    ['failed', 'timer', 'idle'],
    ['failed', 'send', null],
    ['leaving', 'timer', null],
    ['leaving', 'send', null],
    ['leaving', 'back', 'idle'],
    ['adding', 'back', null],
  ])('%s on %s gives %s', (state, event, next) => {
    expect(nextAddState(state, event)).toBe(next);
  });

  it.each<[AddState, string, number | undefined]>([
    ['idle', 'idle', undefined],
    ['loading', 'adding', undefined],
    ['adding', 'adding', undefined],
    ['succeeded', 'adding', ADD_BUTTON_TIMING.addedDelayMs],
    ['added', 'added', ADD_BUTTON_TIMING.addedDurationMs],
    ['failed', 'adding', ADD_BUTTON_TIMING.errorResetMs],
    ['leaving', 'adding', undefined],
  ])('%s shows %s and times out after %s ms', (state, phase, afterMs) => {
    expect(ADD_BUTTON_STATES[state].phase).toBe(phase);
    expect(ADD_BUTTON_STATES[state].afterMs).toBe(afterMs);
  });

  it('takes a press only when idle', () => {
    const takingPress = (Object.keys(ADD_BUTTON_STATES) as AddState[]).filter(
      (state) => nextAddState(state, 'send') !== null || nextAddState(state, 'load') !== null,
    );
    expect(takingPress).toEqual(['idle']);
  });

  it('reaches idle again from every state, leaving by the page shown again from the back/forward cache', () => {
    const reachesIdle = (from: AddState, seen = new Set<AddState>()): boolean => {
      if (from === 'idle') return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return Object.values(ADD_BUTTON_STATES[from].on).some((next) => reachesIdle(next, seen));
    };
    const stuck = (Object.keys(ADD_BUTTON_STATES) as AddState[]).filter((state) => !reachesIdle(state));
    expect(stuck).toEqual([]);
  });
});
