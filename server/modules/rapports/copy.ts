/** The French messages of the bug reports' routes. */
export const rapportsCopy = {
  tooMany: (minutes: number) =>
    `Trop de rapports envoyés depuis cette adresse : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  descriptionRequired: "Le champ 'description' est obligatoire : décrivez le problème en une phrase.",
  screenshot: "Le champ 'screenshot' doit être une image PNG (data:image/png;base64,…) ou null.",
  interrupted: 'Le rapport n’a pas pu être préparé à temps : réessayez.',
  stopping: 'Le serveur s’arrête : réessayez dans un instant.',
  missingFile: 'Le fichier de ce rapport est introuvable sur le serveur.',
  // Readable stacks (docs/qa-traces.md, «Readable stacks»).
  otherBuild: (report: string, served: string) =>
    `Pile enregistrée par un autre build (commit ${report}) que celui que sert le serveur (${served}) : laissée telle que le navigateur l’a écrite.`,
  noBuildServed: 'Le serveur ne sert pas de build de l’application (ni ses source maps) : pile laissée telle que le navigateur l’a écrite.',
  frameNotInBuild: 'fichier absent du build servi : non traduit',
  frameUnknownPlace: 'position absente de la source map',
};
