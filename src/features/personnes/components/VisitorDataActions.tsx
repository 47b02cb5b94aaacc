import { useRequestVisitorErasureMutation, useVisitorDataMutation } from '../api';
import { MyDataActions } from './MyDataActions';

/** The visitor's space's "Mes données" (issue 38): their export and their erasure, with their space's token. */
export function VisitorDataActions({ token }: { token: string }) {
  const [download] = useVisitorDataMutation();
  const [requestErasure] = useRequestVisitorErasureMutation();
  return <MyDataActions onDownload={() => download({ token }).unwrap()} onRequestErasure={() => requestErasure({ token }).unwrap()} />;
}
