import { checkNewPassword, NEW_PASSWORD_MIN_LENGTH } from './passwordRule';

const refusal = async (password: string, email?: string) => {
  try {
    await checkNewPassword(password, 'password', email);
    return null;
  } catch (error) {
    return error as { statusCode: number; field: string; message: string };
  }
};

describe('the one password rule', () => {
  it('asks for 12 characters at least', async () => {
    expect(NEW_PASSWORD_MIN_LENGTH).toBe(12);
    const short = await refusal('Zq9!vT2#pLm');
    expect(short).toMatchObject({ statusCode: 400, field: 'password' });
    expect(short?.message).toContain('12 caractères');
  });

  it('refuses a common password however long, and one too easy to guess', async () => {
    const common = await refusal('123456789012');
    expect(common).toMatchObject({ statusCode: 400, field: 'password' });
    expect(common?.message).toMatch(/courants|deviner/);
    expect(await refusal('motdepasse123')).toMatchObject({ statusCode: 400, field: 'password' });
    expect(await refusal('aaaaaaaaaaaaaaaa')).toMatchObject({ statusCode: 400, field: 'password' });
  });

  it('takes a long passphrase of unrelated words', async () => {
    expect(await refusal('girafe-violon-tempête-77')).toBeNull();
    expect(await refusal('Quatre chats verts dansent le soir')).toBeNull();
  });

  it('names the field it is given', async () => {
    await expect(checkNewPassword('court', 'newPassword')).rejects.toMatchObject({ field: 'newPassword' });
  });
});
