/** The French messages of the automations' routes. */
export const automationsCopy = {
  noSteps: 'Ajoutez au moins une étape avant d’activer cette automatisation.',
  windowProblem: (index: number, problem: string) => `La fenêtre de l'étape ${index + 1} doit avoir ${problem}.`,
  unknownStep: (index: number) => `L'étape ${index + 1} n'existe pas dans cette automatisation.`,
  triggerFixed: "Le déclencheur ne peut plus changer une fois l'automatisation activée : créez-en une autre.",
  label: (name: string, position: number) => `${name} — étape ${position + 1}`,
};
