/**
 * A fresh account for a benchmark, signed up through the API like anyone's:
 * its session token (and when it expires, ms), its id, and the id of its personal workspace, which
 * holds everything it makes (the scoping every product statement takes).
 */
export async function signUpForBench(baseUrl, { tag, lastName, password }) {
  const email = `bench-${tag}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName, email, password }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  const listed = await fetch(`${baseUrl}/api/workspaces`, { headers: { authorization: `Bearer ${body.accessToken}` } });
  if (listed.status !== 200) throw new Error(`GET /api/workspaces answered ${listed.status}: ${await listed.text()}`);
  const personal = (await listed.json()).workspaces.find((workspace) => workspace.personal);
  return { email, token: body.accessToken, expiresAt: Date.parse(body.expiresAt), userId: body.user.id, workspaceId: personal.id };
}
