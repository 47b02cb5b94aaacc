import { cloneElement, useId, type ReactElement } from 'react';
import { Tooltip } from '@mui/material';

/**
 * A button's tooltip, shown on hover and on keyboard focus, over a disabled button too (the
 * span takes the pointer events); the button keeps its label as its name and is described by
 * the same words, for screen readers.
 */
export function Hinted({ hint, children }: { hint: string; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  const id = useId();
  return (
    <Tooltip title={hint} describeChild>
      <span>
        {cloneElement(children, { 'aria-describedby': id })}
        <span hidden id={id}>
          {hint}
        </span>
      </span>
    </Tooltip>
  );
}
