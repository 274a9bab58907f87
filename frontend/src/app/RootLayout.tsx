import { QuickSearchProvider } from '../features/quick-search/QuickSearchProvider';
import { AuthProvider } from '../lib/session';
import { AppShell } from './AppShell';

/** The auth provider sits inside the router: sign-out navigates. The quick search, inside both, opens pages and reads the session. */
export function RootLayout() {
  return (
    <AuthProvider>
      <QuickSearchProvider>
        <AppShell />
      </QuickSearchProvider>
    </AuthProvider>
  );
}
