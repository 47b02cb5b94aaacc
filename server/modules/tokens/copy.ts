/** The API tokens' French sentences. */
export const tokensCopy = {
  badScope: (scope: string) => `Portée inconnue : « ${scope} » (champ 'scopes').`,
  noScope: "Choisissez au moins une portée (champ 'scopes').",
  pastExpiry: "La date d'expiration doit être à venir (champ 'expiresAt').",
  badExpiry: "Date d'expiration invalide (champ 'expiresAt').",
  notFound: 'Jeton',
};
