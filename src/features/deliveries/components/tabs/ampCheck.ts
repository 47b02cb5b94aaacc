import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@uiw/react-codemirror';
import { isApiError } from '../../../../shared/api';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { useValidateAmpQuery } from '../../api';
import type { AmpError, AmpRefusal } from '../../types';

/** The AMP errors a save or MEP was refused with (400 on `codeAmp` with `errors`), or null. */
export function ampErrorsOf(error: unknown): AmpError[] | null {
  if (!isApiError(error) || error.status !== 400 || !error.data || typeof error.data !== 'object') return null;
  const { field, errors } = error.data as { field?: unknown; errors?: unknown };
  return field === 'codeAmp' && Array.isArray(errors) ? (errors as AmpError[]) : null;
}

/**
 * The AMP errors of `code`: the server's rules asked as typing pauses, or the errors the last
 * save or MEP was refused with while the code is still that one. null while not yet known.
 */
export function useAmpErrors(code: string, refusal: AmpRefusal | null | undefined, delayMs: number): AmpError[] | null {
  const [checked, setChecked] = useState(code);
  useEffect(() => {
    const timer = setTimeout(() => setChecked(code), delayMs);
    return () => clearTimeout(timer);
  }, [code, delayMs]);
  const blank = code.trim() === '';
  const { currentData } = useValidateAmpQuery(blank || checked !== code ? skipToken : code);
  if (blank) return [];
  if (currentData) return currentData;
  return refusal?.code === code ? refusal.errors : null;
}

/**
 * CodeMirror lint diagnostics for AMP errors: each from its line and column to the end of the
 * word it starts (a tag name, `!important`), at least one character, within its line.
 */
export function ampDiagnostics(doc: EditorView['state']['doc'], errors: AmpError[]): Diagnostic[] {
  return errors
    .filter((error) => error.line >= 1 && error.line <= doc.lines)
    .map((error) => {
      const line = doc.line(error.line);
      const from = Math.min(line.from + Math.max(error.column - 1, 0), line.to);
      const word = /^[^\s>"'=]*/.exec(doc.sliceString(from, line.to))?.[0].length ?? 0;
      return {
        from,
        to: Math.min(from + Math.max(word, 1), line.to),
        severity: 'error',
        source: 'AMP',
        message: frConsole.deliveries.ampError(error.line, error.column, error.message),
      };
    });
}
