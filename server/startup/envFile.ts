import fs from 'node:fs';
import { parseEnv } from 'node:util';

type Env = Record<string, string | undefined>;

/**
 * The environment with a `.env` file's settings under it: a variable set in the environment
 * wins over the file, as dotenv and Node's `--env-file` do. A missing file changes nothing.
 * The environment is not modified: the result is handed to loadConfig.
 */
export function withEnvFile(env: Env, file: string): Env {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw error;
  }
  const fromFile = parseEnv(text) as Env;
  const merged: Env = { ...fromFile };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) merged[name] = value;
  return merged;
}
