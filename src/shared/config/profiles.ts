/** The profile enumeration of spec §1, in its order; only E-commerce has its own label. */
export const PROFILES = [
  { value: 'politique', label: 'politique' },
  { value: 'survivalisme', label: 'survivalisme' },
  { value: 'rencontre', label: 'rencontre' },
  { value: 'influenceur', label: 'influenceur' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'independant', label: 'independant' },
] as const;

export type Profile = (typeof PROFILES)[number]['value'];

/** The company tag sent in requests (spec §1). */
export const COMPANY_TAG = 'tgm';
