import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { errorMessage } from '../../shared/api';
import {
  listsApi,
  useCreateContactsByDateMutation,
  useGetLastContactDateMutation,
  useTriggerRefreshMutation,
} from './api';
import { runRefresh, type RefreshStep } from './refreshFlow';

/** Runs a list's refresh (see runRefresh) and tells the steps; the counts reload at the end. */
export function useRefreshData(listId: number) {
  const dispatch = useDispatch();
  const [step, setStep] = useState<RefreshStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastContactDate] = useGetLastContactDateMutation();
  const [createByDate] = useCreateContactsByDateMutation();
  const [trigger] = useTriggerRefreshMutation();
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const start = useCallback(async () => {
    setError(null);
    try {
      await runRefresh(
        {
          lastContactDate: async () => (await lastContactDate(listId).unwrap()).created,
          createByDate: async (created) => (await createByDate({ created, grp: listId }).unwrap()).added,
          poll: async () => (await trigger(listId).unwrap()).ready,
          wait: (ms) => new Promise((resolve) => (timer.current = setTimeout(resolve, ms))),
        },
        (next) => mounted.current && setStep(next),
      );
      dispatch(listsApi.util.invalidateTags([{ type: 'ListCounts', id: listId }, { type: 'Grp', id: listId }, { type: 'Contact', id: `LIST-${listId}` }]));
    } catch (failure) {
      if (!mounted.current) return;
      setStep(null);
      setError(errorMessage(failure));
    }
  }, [listId, lastContactDate, createByDate, trigger, dispatch]);

  const running = step !== null && step.phase !== 'done' && step.phase !== 'notReady';
  return { step, error, running, start };
}
