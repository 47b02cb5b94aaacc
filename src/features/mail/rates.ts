/** A share of the sent messages, in percent with one decimal (French decimal comma). */
export function rate(count: number, sent: number): string {
  if (sent <= 0) return '0';
  return (Math.round((count / sent) * 1000) / 10).toLocaleString('fr-FR');
}
