/** The spec's simple e-mail pattern (§5): text, @, text, dot, text. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isSimpleEmail = (value: string) => SIMPLE_EMAIL.test(value.trim());
