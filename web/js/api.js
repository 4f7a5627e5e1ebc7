// The JSON API of `nonet serve` (docs/api.md). Same origin only: the page asks no other host.

export class ApiError extends Error {
  constructor(status, body, endpoint) {
    super((body && body.error) || `${endpoint}: HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.endpoint = endpoint;
  }
}

const BASE = new URL('api/v1/', document.baseURI);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Seeds are 64-bit integers, past what a JS number holds exactly (2^53): the page keeps them
// as strings of digits, and writes them into the JSON as bare numbers.
function toJson(body) {
  return JSON.stringify(body).replace(/"seed":"(\d+)"/, '"seed":$1');
}
function fromJson(text) {
  const data = JSON.parse(text);
  const m = /"seed"\s*:\s*(\d+)/.exec(text);
  if (m && data && typeof data === 'object' && 'seed' in data) data.seed = m[1];
  return data;
}

async function request(endpoint, body, { signal, as = 'json' } = {}) {
  const init = body === undefined
    ? { method: 'GET', signal }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: toJson(body), signal };
  // A busy server answers 503 at once with Retry-After: wait and ask again a few times.
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(new URL(endpoint, BASE), init);
    if (res.status === 503 && attempt < 4) {
      const wait = Number(res.headers.get('Retry-After')) || 1;
      await sleep(wait * 1000);
      continue;
    }
    if (as === 'text' && res.ok) return res.text();
    let data = null;
    try { data = fromJson(await res.text()); } catch { /* not JSON: keep null */ }
    if (!res.ok) throw new ApiError(res.status, data, endpoint);
    return data;
  }
}

export const api = {
  info: (opts) => request('info', undefined, opts),
  parse: (body, opts) => request('parse', body, opts),
  check: (body, opts) => request('check', body, opts),
  solve: (body, opts) => request('solve', body, opts),
  count: (body, opts) => request('count', body, opts),
  hint: (body, opts) => request('hint', body, opts),
  explain: (body, opts) => request('explain', body, opts),
  rate: (body, opts) => request('rate', body, opts),
  generate: (body, opts) => request('generate', body, opts),
  links: (body, opts) => request('links', body, opts),
  render: (body, opts) => request('render', body, { ...opts, as: 'text' }),
};

/** A 400 for a malformed puzzle carries line and column: "1:82: wrong length …". */
export function describeError(err) {
  if (!(err instanceof ApiError)) return `Could not reach the server (${err.message}).`;
  const b = err.body;
  if (b.line !== undefined && b.column !== undefined) return `${b.line}:${b.column}: ${b.reason || b.error}`;
  return b.error || err.message;
}
