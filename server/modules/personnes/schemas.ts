import { Type } from '@sinclair/typebox';
import { Answer, Email, PersonExport } from '../../shared/schemas';

/** `POST /api/personnes/effacement`: the address to erase. */
export const ErasureBody = Type.Object({ email: Email }, { additionalProperties: false });

/** `GET /api/personnes/export?email=`. */
export const ExportQuery = Type.Object({ email: Email });

/** Per table (and the outbox's files), how many rows an erasure removed or unlinked. */
export const ErasureAnswer = Answer({ tables: Type.Record(Type.String(), Type.Integer()) });

/** Everything held about an address, under the export's top-level keys. */
export const ExportAnswer = PersonExport;

/** A self-erasure asked: the message with the confirming link is on its way. */
export const SelfErasureAnswer = Answer({ message: Type.String() });
