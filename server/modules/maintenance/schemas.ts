import { Type } from '@sinclair/typebox';
import { Answer } from '../../shared/schemas';

const CleanCountsProperties = {
  records: Type.Integer({ description: 'Séquences lues.' }),
  changed: Type.Integer({ description: 'Séquences réécrites.' }),
  dropped: Type.Integer({ description: 'Éléments vides retirés.' }),
};

export const SequenceCleanAnswer = Answer({
  ...CleanCountsProperties,
  tables: Type.Record(Type.String(), Answer(CleanCountsProperties), { description: 'Les mêmes comptes, par table.' }),
});
