import { describe, expect, it, jest } from '@jest/globals';
import { createMutableRouteSwitches, createStaticRouteSwitches } from './route-switches.js';

describe('createStaticRouteSwitches', () => {
  it('matches route ids exactly and case-sensitively', () => {
    const switches = createStaticRouteSwitches(['POST /v1/trades']);
    expect(switches.isDisabled('POST /v1/trades')).toBe(true);
    expect(switches.isDisabled('post /v1/trades')).toBe(false);
    expect(switches.isDisabled('POST /v1/trades/:id/confirm')).toBe(false);
    expect(switches.isDisabled('GET /v1/trades')).toBe(false);
  });

  it('disables every id when the list holds *', () => {
    const switches = createStaticRouteSwitches(['*']);
    expect(switches.isDisabled('GET /api/markets')).toBe(true);
    expect(switches.isDisabled('POST /v1/trades')).toBe(true);
  });

  it('returns a copy of the list', () => {
    const switches = createStaticRouteSwitches(['GET /a']);
    switches.disabledRoutes().push('GET /b');
    expect(switches.disabledRoutes()).toEqual(['GET /a']);
  });
});

describe('createMutableRouteSwitches', () => {
  it('notifies listeners only when the list changes', () => {
    const state = createMutableRouteSwitches(['GET /a']);
    const listener = jest.fn();
    state.switches.onChange(listener);
    expect(state.set(['GET /a'])).toBe(false);
    expect(state.set(['GET /a', 'GET /b'])).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(['GET /a', 'GET /b']);
    expect(state.switches.isDisabled('GET /b')).toBe(true);
  });

  it('stops notifying after unsubscribe', () => {
    const state = createMutableRouteSwitches([]);
    const listener = jest.fn();
    const unsubscribe = state.switches.onChange(listener);
    unsubscribe();
    state.set(['*']);
    expect(listener).not.toHaveBeenCalled();
    expect(state.switches.isDisabled('anything')).toBe(true);
  });

  it('keeps notifying other listeners when one throws, and reports the error', () => {
    const onListenerError = jest.fn();
    const state = createMutableRouteSwitches([], { onListenerError });
    const after = jest.fn();
    state.switches.onChange(() => {
      throw new Error('listener bug');
    });
    state.switches.onChange(after);
    state.set(['GET /a']);
    expect(after).toHaveBeenCalledWith(['GET /a']);
    expect(onListenerError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }));
  });

  it('runs onClose once however often close is called', async () => {
    const onClose = jest.fn(async () => {});
    const state = createMutableRouteSwitches([], { onClose });
    await Promise.all([state.switches.close(), state.switches.close()]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
