import { Alert } from '@mui/material';

export interface FeedbackMessage {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/** The outcome of a save or a send, under the form that made it. */
export function Feedback({ message }: { message: FeedbackMessage | null }) {
  if (!message) return null;
  return (
    <Alert severity={message.severity} sx={{ mt: 1 }}>
      {message.text}
    </Alert>
  );
}
