import { useSyncExternalStore } from 'react';

/** docs/product.md §10.6: the admin token is stored under both names, with the same value. */
export const adminTokenKeys = ['authToken', 'adminToken'] as const;

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored admin token, or null. Call from effects and handlers only, never while rendering. */
export function readAdminToken(): string | null {
  try {
    return localStorage.getItem('adminToken') ?? localStorage.getItem('authToken');
  } catch {
    return null; // storage turned off: nobody is logged in
  }
}

export function storeAdminToken(token: string): void {
  try {
    for (const key of adminTokenKeys) localStorage.setItem(key, token);
  } catch {
    // Storage full or turned off: the session lasts as long as nothing re-reads it.
  }
  notify();
}

export function clearAdminToken(): void {
  try {
    for (const key of adminTokenKeys) localStorage.removeItem(key);
  } catch {
    // Storage turned off: there is nothing to clear.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  // Another tab logging in or out changes the session here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (adminTokenKeys as readonly string[]).includes(event.key)) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored admin token, kept in step with logins and logouts; a server render sees none. */
export function useAdminSession(): { token: string | null } {
  const token = useSyncExternalStore(subscribe, readAdminToken, () => null);
  return { token };
}
