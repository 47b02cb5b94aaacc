/** The French messages of the bug reports' routes. */
export const rapportsCopy = {
  tooMany: (minutes: number) =>
    `Trop de rapports envoyés depuis cette adresse : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  descriptionRequired: "Le champ 'description' est obligatoire : décrivez le problème en une phrase.",
  screenshot: "Le champ 'screenshot' doit être une image PNG (data:image/png;base64,…) ou null.",
  interrupted: 'Le rapport n’a pas pu être préparé à temps : réessayez.',
  stopping: 'Le serveur s’arrête : réessayez dans un instant.',
  missingFile: 'Le fichier de ce rapport est introuvable sur le serveur.',
};
