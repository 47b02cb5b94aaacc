import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { BugReportButton } from './BugReportButton';
import { createTraceRecorder } from './recorder';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A page's picture that takes as long as the test says: a loaded machine, a 1,000-cell table. */
function slowPicture() {
  let finish: (url: string | null) => void = () => undefined;
  const started: number[] = [];
  const capture = () => {
    started.push(performance.now());
    return new Promise<string | null>((resolve) => {
      finish = resolve;
    });
  };
  return { capture, started, finish: (url: string | null) => finish(url) };
}

function renderRecording(capture: () => Promise<string | null>) {
  const recorder = createTraceRecorder();
  recorder.start();
  const store = Object.assign(
    configureStore({
      reducer: (state: { auth: { accessToken: null; user: null } } = { auth: { accessToken: null, user: null } }) => state,
      middleware: (gdm) => gdm().concat(recorder.middleware),
    }),
    { traceRecorder: recorder },
  );
  render(
    <Provider store={store}>
      <BugReportButton capture={capture} />
    </Provider>,
  );
}

// While recording, the button fetches the dialog's code when the browser is idle; here its
// module is read (and transformed by jest, seconds) before the press, as the browser has it.
beforeAll(() => import('./BugReportDialog'));

it('opens the dialog at once, shows the picture when it is ready, and sends the report once it is', async () => {
  const user = userEvent.setup();
  const picture = slowPicture();
  renderRecording(picture.capture);

  await user.click(screen.getByRole('button', { name: 'Signaler un problème' }));
  // The dialog is there before the picture is even started (jsdom's first render of a dialog is
  // slow here; the browser journey times the opening on the production build).
  const dialog = await screen.findByRole('dialog', { name: 'Signaler un problème' });
  expect(picture.started).toHaveLength(0);
  expect(screen.getByText('Capture de la page en cours…')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Décrivez le problème en une phrase/ })).toHaveFocus();
  // The picture is taken once the dialog is on screen, not before it.
  await waitFor(() => expect(picture.started).toHaveLength(1));

  await user.type(screen.getByRole('textbox', { name: /Décrivez le problème en une phrase/ }), 'La liste ne se charge pas');
  await user.click(screen.getByRole('button', { name: 'Envoyer à l’équipe' }));
  // Sending waits for the picture.
  expect(screen.getByRole('button', { name: 'Envoi…' })).toBeDisabled();
  act(() => picture.finish(PNG));
  expect(await screen.findByRole('img', { name: 'Capture de la page jointe au rapport' })).toHaveAttribute('src', PNG);
  // The real API server took it and answered its reference.
  expect(await screen.findByRole('status')).toHaveTextContent(/Rapport envoyé à l’équipe\. Sa référence : R-[A-Z0-9]{6}$/);
  expect(dialog).toBeInTheDocument();
  expect(picture.started).toHaveLength(1);
});

it('says so when the picture fails, and still sends', async () => {
  const user = userEvent.setup();
  const picture = slowPicture();
  renderRecording(picture.capture);
  await user.click(screen.getByRole('button', { name: 'Signaler un problème' }));
  await screen.findByRole('dialog', { name: 'Signaler un problème' });
  await waitFor(() => expect(picture.started).toHaveLength(1));
  act(() => picture.finish(null));
  expect(await screen.findByText('La capture de la page a échoué : le rapport partira sans elle.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Envoyer à l’équipe' }));
  expect(await screen.findByText('Décrivez le problème en une phrase.')).toBeInTheDocument();
});
