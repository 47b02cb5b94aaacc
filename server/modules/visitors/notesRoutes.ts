import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/db';
import { MAX_ITEMS_PER_PAGE } from '../../shared/hydra';
import { Answer } from '../../shared/schemas';
import { HttpError } from '../../shared/errors';
import { addNote, deleteNote, listNotes, NOTE_MAX_CHARS, NOTE_MAX_SECONDS, updateNote } from './notes';
import { currentVisitor } from './visitorAuth';

type RouteLimit = { rateLimit: { max: number; timeWindow: string } };

const VideoId = Type.String({ pattern: '^[\\w-]{11}$', description: "L'identifiant YouTube de la vidéo." });
const At = Type.Integer({ minimum: 0, maximum: NOTE_MAX_SECONDS, description: 'La seconde de la vidéo où pointe la note.' });
const Text = Type.String({ minLength: 1, maxLength: NOTE_MAX_CHARS, description: `Le texte de la note (${NOTE_MAX_CHARS} caractères au plus).` });

const NoteBody = Type.Object({ video: VideoId, at: At, text: Text }, { additionalProperties: false });
/** A browser's own notes, merged at once when it comes to hold a space. */
export const MERGED_NOTES_MAX = 1000;
const MergeBody = Type.Object({ notes: Type.Array(NoteBody, { maxItems: MERGED_NOTES_MAX }) }, { additionalProperties: false });
const NotePatch = Type.Object({ at: Type.Optional(At), text: Type.Optional(Text) }, { additionalProperties: false, minProperties: 1 });
const NoteParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const NotesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Une partie du texte, sans égard aux accents ni à la casse.' })),
  video: Type.Optional(VideoId),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITEMS_PER_PAGE })),
});

const NoteAnswer = Answer({
  '@id': Type.String(),
  '@type': Type.String(),
  id: Type.Integer(),
  video: Type.String(),
  at: Type.Integer(),
  text: Type.String(),
  created: Type.String({ format: 'date-time' }),
  updated: Type.String({ format: 'date-time' }),
  videoTitle: Type.Union([Type.String(), Type.Null()]),
  videoCreator: Type.Union([Type.String(), Type.Null()]),
  videoThumbnail: Type.Union([Type.String(), Type.Null()]),
});
const NotesAnswer = Answer({
  '@context': Type.String(),
  '@id': Type.String(),
  '@type': Type.Literal('hydra:Collection'),
  'hydra:member': Type.Array(NoteAnswer),
  'hydra:totalItems': Type.Integer(),
  'hydra:view': Type.Optional(Type.Record(Type.String(), Type.String())),
});

interface Deps {
  db: Db;
  writeLimit: RouteLimit;
  readLimit: RouteLimit;
}

/** A visitor's notes (docs/architecture.md, «Visitors' space»): their token reads and writes only their own. */
export function registerNotesRoutes(app: FastifyInstance, { db, writeLimit, readLimit }: Deps): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['visitors'];

  typed.get('/api/visitor/notes', { config: readLimit, schema: { tags, querystring: NotesQuery, response: { 200: NotesAnswer } } }, async (request) => {
    const visitor = await currentVisitor(db, request);
    return listNotes(db, visitor.id, request.query, '/api/visitor/notes');
  });

  typed.post(
    '/api/visitor/notes',
    { config: writeLimit, schema: { tags, body: NoteBody, response: { 200: NoteAnswer, 201: NoteAnswer } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      const { note, created } = await addNote(db, visitor.id, request.body);
      return reply.code(created ? 201 : 200).send(note);
    },
  );

  // One call for a browser's notes (the write rate limit counts calls); each is written as a
  // POST would write it, and one refused (a video the product does not know) is answered as
  // such without stopping the others, so that the browser keeps it.
  typed.post(
    '/api/visitor/notes/merge',
    {
      config: writeLimit,
      schema: {
        tags,
        body: MergeBody,
        response: {
          200: Answer({
            notes: Type.Array(Type.Union([NoteAnswer, Type.Null()]), { description: 'La note gardée, ou null quand elle est refusée, dans l’ordre envoyé.' }),
          }),
        },
      },
    },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      const notes = [];
      for (const input of request.body.notes) {
        try {
          notes.push((await addNote(db, visitor.id, input)).note);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
          notes.push(null);
        }
      }
      return { notes };
    },
  );

  typed.patch(
    '/api/visitor/notes/:id',
    { config: writeLimit, schema: { tags, params: NoteParams, body: NotePatch, response: { 200: NoteAnswer } } },
    async (request) => {
      const visitor = await currentVisitor(db, request);
      return updateNote(db, visitor.id, request.params.id, request.body);
    },
  );

  typed.delete(
    '/api/visitor/notes/:id',
    { config: writeLimit, schema: { tags, params: NoteParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      await deleteNote(db, visitor.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
