/** The simple e-mail pattern of spec §5: text, @, text, dot, text. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isSimpleEmail = (value: string) => SIMPLE_EMAIL.test(value.trim());

/** Required, and from `min` to `max` characters once trimmed. */
export const hasLengthBetween = (value: string, min: number, max: number) => {
  const length = value.trim().length;
  return length >= min && length <= max;
};
