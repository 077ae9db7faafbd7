// The random values of a PKCE login (RFC 7636) and its CSRF state; pure, so tested on their own.

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** RFC 7636 §4.1: base64url of 64 random bytes, 86 characters of [A-Za-z0-9_-] (43–128 allowed). */
export function generateCodeVerifier(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(64)));
}

/** RFC 7636 §4.2 S256: base64url(SHA-256(ASCII(verifier))). */
export async function computeCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** docs/product.md §5: 16 random alphanumeric characters (rejection sampling keeps every character equally likely). */
export function generateState(length = 16): string {
  const limit = 256 - (256 % alphanumeric.length);
  let state = '';
  while (state.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && state.length < length) state += alphanumeric[byte % alphanumeric.length];
    }
  }
  return state;
}
