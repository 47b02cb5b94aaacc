/** The category enumeration of spec §3 (name: label); a name without a label shows itself. */
export const CATEGORY_NAMES: Record<string, string> = {
  undefined: 'Indéfini',
  copywriter: 'copywriter',
  coaching: 'coaching',
  crypto: 'crypto',
  realT: 'Real T',
  fiscalité: 'fiscalité',
  economie: 'economie',
  media: 'Média',
  bourse: 'bourse',
  socialMedia: 'Social Media',
  actu: 'Actualité',
  or: 'Or',
  politique: 'politique',
  coding: 'coding',
  agriculture: 'agriculture',
  musique: 'musique',
  cinema: 'Cinéma',
};

/**
 * A category's name is one of the enumeration, or the product's name: the category that
 * holds the product's own templates (spec §2.5).
 */
export function allowedCategoryNames(productName: string): string[] {
  return [...Object.keys(CATEGORY_NAMES), productName];
}
