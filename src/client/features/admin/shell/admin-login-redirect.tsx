import { Navigate } from 'react-router';

/** docs/product.md §2 names /admin/login too; /login is the routed login screen. */
export function AdminLoginRedirect() {
  return <Navigate to="/login" replace />;
}
