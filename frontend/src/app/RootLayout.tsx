import { QuickSearchProvider } from '../features/quick-search/QuickSearchProvider';
import { AuthProvider } from '../lib/session';
import { WorkspaceProvider } from '../lib/workspace';
import { AppShell } from './AppShell';

/** The auth provider sits inside the router: sign-out navigates; the workspace provider inside it, per account. The quick search, inside both, opens pages and reads the session. */
export function RootLayout() {
  return (
    <AuthProvider>
      <WorkspaceProvider>
        <QuickSearchProvider>
          <AppShell />
        </QuickSearchProvider>
      </WorkspaceProvider>
    </AuthProvider>
  );
}
