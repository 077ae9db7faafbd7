import argon2 from 'argon2';

/** OWASP's argon2id minimum (t=2, m=19 MiB, p=1); verify reads the parameters from each stored hash. */
export const passwordHashOptions = { type: argon2.argon2id, timeCost: 2, memoryCost: 19_456, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashOptions);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check when the username is unknown, so timing does not reveal which usernames exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('no such admin: the comparison only costs time');
  await verifyPassword(await dummyHash, password);
  return false;
}
