import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { installTraceControls, TRACE_SESSION_KEY } from './activation';
import { createTraceRecorder } from './recorder';
import { TraceDownloadButton } from './TraceDownloadButton';

const press = (code: string) =>
  window.dispatchEvent(new KeyboardEvent('keydown', { code, ctrlKey: true, altKey: true, shiftKey: true }));

describe('turning the recorder on in production', () => {
  let uninstall: () => void = () => undefined;
  beforeEach(() => {
    sessionStorage.clear();
    delete window.__TGM_TRACE__;
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => uninstall());

  it('stays off without a flag or shortcut, and exposes nothing', () => {
    const recorder = createTraceRecorder();
    uninstall = installTraceControls(recorder);
    expect(recorder.isRecording()).toBe(false);
    expect(window.__TGM_TRACE__).toBeUndefined();
  });

  it('starts with ?trace=1, remembers it for the tab, and forgets it with ?trace=0', () => {
    window.history.replaceState(null, '', '/dashboard?trace=1');
    const recorder = createTraceRecorder();
    uninstall = installTraceControls(recorder);
    expect(recorder.isRecording()).toBe(true);
    expect(sessionStorage.getItem(TRACE_SESSION_KEY)).toBe('1');
    expect(JSON.parse(window.__TGM_TRACE__?.exportText() ?? '{}')).toHaveProperty('payload');
    uninstall();

    window.history.replaceState(null, '', '/dashboard');
    const afterReload = createTraceRecorder();
    uninstall = installTraceControls(afterReload);
    expect(afterReload.isRecording()).toBe(true);
    uninstall();

    window.history.replaceState(null, '', '/dashboard?trace=0');
    const turnedOff = createTraceRecorder();
    uninstall = installTraceControls(turnedOff);
    expect(turnedOff.isRecording()).toBe(false);
    expect(sessionStorage.getItem(TRACE_SESSION_KEY)).toBeNull();
  });

  it('starts with Ctrl+Alt+Shift+T, and the footer button appears', () => {
    const recorder = createTraceRecorder();
    const store = Object.assign(
      configureStore({ reducer: (state: number = 0) => state, middleware: (gdm) => gdm().concat(recorder.middleware) }),
      { traceRecorder: recorder },
    );
    uninstall = installTraceControls(recorder);
    render(
      <Provider store={store}>
        <TraceDownloadButton />
      </Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Télécharger la trace Redux' })).not.toBeInTheDocument();
    act(() => {
      press('KeyT');
    });
    expect(recorder.isRecording()).toBe(true);
    expect(sessionStorage.getItem(TRACE_SESSION_KEY)).toBe('1');
    expect(window.__TGM_TRACE__).toBeDefined();
    expect(screen.getByRole('button', { name: 'Télécharger la trace Redux' })).toBeInTheDocument();
  });
});
