import type { AuthUser } from './auth-state';

/** The signed-in user of the auth unit tests (imported by tests only, never by the app). */
export const TEST_USER: AuthUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  avatar: null,
  status: 'Active',
  role: 'Member',
  emailVerified: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
