/** The French messages of the automations' routes. */
export const automationsCopy = {
  noSteps: 'Ajoutez au moins une étape avant d’activer cette automatisation.',
  windowProblem: (index: number, problem: string) => `La fenêtre de l'étape ${index + 1} doit avoir ${problem}.`,
  duplicateStep: (index: number, id: number) => `L'étape ${index + 1} reprend l'identifiant ${id} d'une étape précédente : chaque étape a le sien.`,
  unknownStep: (index: number) => `L'étape ${index + 1} n'existe pas dans cette automatisation.`,
  triggerFixed: "Le déclencheur ne peut plus changer une fois l'automatisation activée : créez-en une autre.",
  label: (name: string, position: number) => `${name} — étape ${position + 1}`,
};
