/** The benchmarks' command line: `--name=value` options and the calls they make to the app. */

/** The value of `--name=...`, a number when the fallback is one; the fallback when it is not given. */
export function option(args, name, fallback) {
  const hit = args.find((arg) => arg.startsWith(`--${name}=`));
  if (!hit) return fallback;
  const value = hit.slice(name.length + 3);
  return typeof fallback === 'number' ? Number(value) : value;
}

/** One REST call as the session `token`; its JSON answer, or an error naming the call and its status. */
export async function api(baseUrl, token, method, path, body, headers = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}
