import { e2eEnv, PASSWORD, uniqueEmail } from './env';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  fullName: string;
}

let n = 0;
export function newUser(tag = 'user'): TestUser {
  n += 1;
  const firstName = `Ada${n}`;
  const lastName = `Tester${tag.replace(/[^a-z]/gi, '')}`;
  return { firstName, lastName, email: uniqueEmail(tag), password: PASSWORD, fullName: `${firstName} ${lastName}` };
}

/** Creates an account through the REST API (faster than the form when the form is not under test). */
export async function createUser(tag = 'user'): Promise<TestUser> {
  const user = newUser(tag);
  const res = await fetch(`${e2eEnv().baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password }),
  });
  if (res.status !== 201) throw new Error(`POST /api/auth/signup answered ${res.status}: ${await res.text()}`);
  return user;
}
