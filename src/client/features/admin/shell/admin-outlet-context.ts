import { useOutletContext } from 'react-router';
import type { AdminUser } from '../../../../shared/api/admin-auth.js';

/** What the admin guard hands to the screens below it. */
export interface AdminOutletContext {
  user: AdminUser;
  /** The verified bearer token for `/api/admin` calls. */
  token: string;
}

/** The verified admin; only inside the admin guard (the dashboard passes the context on). */
export function useAdminUser(): AdminUser {
  return useOutletContext<AdminOutletContext>().user;
}

/** The verified admin token, for the admin API calls of the screens below the guard. */
export function useAdminToken(): string {
  return useOutletContext<AdminOutletContext>().token;
}
