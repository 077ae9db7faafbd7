import { Navigate } from 'react-router';

/** SPEC §2 names /admin/login too; /login is the routed login screen. */
export function AdminLoginRedirect() {
  return <Navigate to="/login" replace />;
}
