/** The category enumeration of spec §3 (name: label), in its order; a name without a label shows itself. */
export const CATEGORY_NAMES: { name: string; label: string }[] = [
  { name: 'undefined', label: 'Indéfini' },
  { name: 'copywriter', label: 'copywriter' },
  { name: 'coaching', label: 'coaching' },
  { name: 'crypto', label: 'crypto' },
  { name: 'realT', label: 'Real T' },
  { name: 'fiscalité', label: 'fiscalité' },
  { name: 'economie', label: 'economie' },
  { name: 'media', label: 'Média' },
  { name: 'bourse', label: 'bourse' },
  { name: 'socialMedia', label: 'Social Media' },
  { name: 'actu', label: 'Actualité' },
  { name: 'or', label: 'Or' },
  { name: 'politique', label: 'politique' },
  { name: 'coding', label: 'coding' },
  { name: 'agriculture', label: 'agriculture' },
  { name: 'musique', label: 'musique' },
  { name: 'cinema', label: 'Cinéma' },
];

/** The names a category may take: the enumeration, and the product's name (its templates' category). */
export const categoryChoices = (productName: string) => [
  ...CATEGORY_NAMES,
  { name: productName, label: productName },
];
