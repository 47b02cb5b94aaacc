import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose code loads the first time it renders (a dialog, a panel, a page not shown
 * at first paint): it stays out of the public page's first JavaScript (issue 13's budget).
 * `load` names the export, so the modules keep their named exports.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * True from the first time `open` is true on: a lazily loaded dialog mounts (and loads) when it
 * first opens, then stays mounted so that it closes with its transition and gives focus back.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Setting state while rendering is React's documented way to derive from a changed prop.
  if (open && !opened) setOpened(true);
  return opened || open;
}
