import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { locationChanged } from './location';

/** Dispatches `router/locationChanged` on every navigation: the trace records the route with the state. */
export function LocationRecorder() {
  const { pathname, search, hash } = useLocation();
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(locationChanged({ pathname, search, hash }));
  }, [dispatch, pathname, search, hash]);
  return null;
}
