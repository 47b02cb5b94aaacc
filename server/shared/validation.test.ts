import { checkInput } from './validation';

describe('checkInput, the guard on every body, query and path', () => {
  it('refuses a NUL character and nesting too deep, naming the field', () => {
    expect(() => checkInput({ a: { b: 'x\u0000y' } }, 'body')).toThrow("Le champ 'a.b' contient un caractère nul");
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 40; i += 1) deep = { n: deep };
    expect(() => checkInput(deep, 'body')).toThrow('imbriqué trop profondément');
  });

  it('does not walk a raw body of bytes (a 2 MiB file was 2 million entries on the event loop)', () => {
    const file = Buffer.alloc(2 * 1024 * 1024, 0x61);
    // Walked as an object, this entry would be read, and throw.
    Object.defineProperty(file, 'walked', {
      enumerable: true,
      get() {
        throw new Error('the bytes were walked');
      },
    });
    expect(() => checkInput(file, 'body')).not.toThrow();
    expect(() => checkInput({ nested: new Uint8Array([0, 0, 0]) }, 'body')).not.toThrow();
  });
});
