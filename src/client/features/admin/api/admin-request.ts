import { clearAdminToken } from '../../../lib/admin-session.js';
import { ApiError } from '../../../lib/api-client.js';

/**
 * Every admin API call goes through here: a 401 means the token is no longer good (expired, logged
 * out elsewhere), so it is dropped and the guard sends the user to /login (docs/product.md §10.6).
 */
export async function withAdminSession<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearAdminToken();
    throw err;
  }
}
