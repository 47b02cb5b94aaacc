import { Type, type TSchema } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

/** The largest report taken, in bytes: the screenshot is most of it. */
export const REPORT_MAX_BYTES = 5 * 1024 * 1024;

const Entries = Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 1000 });

/**
 * A bug report file as the dialog downloads it (docs/qa-traces.md, «2b. Report a problem in
 * one click»): its keys, each of its type; keys it does not know are dropped.
 */
export const ReportBody = Type.Object(
  {
    trace: Type.Object({ payload: Type.String() }, { additionalProperties: true }),
    screenshot: Type.Union([Type.String(), Type.Null()]),
    console: Entries,
    requests: Entries,
    version: Type.String({ maxLength: 100 }),
    commit: Type.String({ maxLength: 100 }),
    userAgent: Type.String({ maxLength: 1000 }),
    viewport: Type.Object({ width: Type.Number(), height: Type.Number() }),
    language: Type.String({ maxLength: 100 }),
    timeZone: Type.String({ maxLength: 100 }),
    description: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
);

export const ReportTaken = Answer({ id: Type.Integer(), reference: Type.String({ pattern: '^R-[A-Z0-9]{6}$' }) });

export const RapportPatch = Type.Object(
  { status: Type.Union([Type.Literal('à traiter'), Type.Literal('traité')]) },
  { additionalProperties: false },
);

export const JournalAnswer = Answer({ lines: Type.Array(Type.String()) });

const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `GET /api/rapports/{id}/piles`: the report's stacks read in the sources of the build the server serves. */
export const PilesAnswer = Answer({
  build: OrNull(Answer({ version: Type.String(), commit: Type.String() })),
  stacks: Type.Array(
    Answer({
      stack: Type.String(),
      frames: Type.Array(
        Answer({
          text: Type.String(),
          source: OrNull(Type.String()),
          line: OrNull(Type.Integer()),
          column: OrNull(Type.Integer()),
          note: OrNull(Type.String()),
        }),
      ),
      note: OrNull(Type.String()),
    }),
  ),
});
