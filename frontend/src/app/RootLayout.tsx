import { AuthProvider } from '../lib/session';
import { AppShell } from './AppShell';

/** The auth provider sits inside the router: sign-out navigates. */
export function RootLayout() {
  return (
    <AuthProvider>
      <AppShell />
    </AuthProvider>
  );
}
