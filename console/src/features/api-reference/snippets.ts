// The API Reference examples: four crawl endpoints and one results endpoint, in JavaScript (fetch),
// Python (requests) and cURL, with the documentation example values of SPEC section 9.

export type Language = 'javascript' | 'python' | 'curl';

export const LANGUAGES: { id: Language; label: string }[] = [
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'curl', label: 'cURL' },
];

type Json = string | number | boolean | null | { [key: string]: Json };

interface Endpoint {
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  title: string;
  description: string;
  body?: Record<string, Json>;
  returns: string;
}

export const TOKEN_PLACEHOLDER = 'YOUR_API_TOKEN';

/** SPEC section 9: maxResults 50, maxDepth 10, timeout 60, includeLinks, excludeNonMainTags and deduplicateContent on, engine auto. */
const START_BODY: Record<string, Json> = {
  startUrl: 'https://example.com',
  maxResults: 50,
  maxDepth: 10,
  useSitemap: false,
  entireWebsite: false,
  excludeNonMainTags: true,
  deduplicateContent: true,
  extraction: null,
  includeLinks: true,
  engineType: 'auto',
  timeout: 60,
  useStaticIps: false,
};

export function endpoints(crawlId: string): Endpoint[] {
  return [
    {
      id: 'start',
      method: 'POST',
      path: '/crawls',
      title: 'Start a crawl',
      description:
        'Starts crawling from startUrl. Every setting but startUrl has a default; the crawl runs in the background.',
      body: START_BODY,
      returns: 'crawl',
    },
    {
      id: 'get',
      method: 'GET',
      path: `/crawls/${crawlId}`,
      title: 'Get a crawl',
      description:
        'Reads a crawl: its status, settings and number of results. Poll it until the status leaves running.',
      returns: 'crawl',
    },
    {
      id: 'query',
      method: 'POST',
      path: '/crawls/query',
      title: 'List crawls',
      description: 'One page of crawls, newest first. page is 0-based.',
      body: { page: 0, limit: 50 },
      returns: 'crawls',
    },
    {
      id: 'abort',
      method: 'DELETE',
      path: `/crawls/${crawlId}`,
      title: 'Abort a crawl',
      description: 'Stops a running crawl and returns it with status aborted; results so far are kept.',
      returns: 'crawl',
    },
    {
      id: 'results',
      method: 'GET',
      path: `/crawls/${crawlId}/crawl-results?page=0&limit=50`,
      title: 'List crawl results',
      description:
        'One page of results: url, title and markdown of each page. page is 0-based, 50 results a page.',
      returns: 'results',
    },
  ];
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

function python(value: Json, depth = 1): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  const pad = '    '.repeat(depth + 1);
  const entries = Object.entries(value).map(
    ([k, v]) => `${pad}${JSON.stringify(k)}: ${python(v, depth + 1)},`,
  );
  return `{\n${entries.join('\n')}\n${'    '.repeat(depth)}}`;
}

function javascript(e: Endpoint, url: string): string {
  const options = [
    `  method: '${e.method}',`,
    '  headers: {',
    `    Authorization: 'Bearer ${TOKEN_PLACEHOLDER}',`,
  ];
  if (e.body) options.push(`    'Content-Type': 'application/json',`);
  options.push('  },');
  if (e.body) options.push(`  body: JSON.stringify(${indent(JSON.stringify(e.body, null, 2), '  ')}),`);
  return [
    `const response = await fetch('${url}', {`,
    ...options,
    '});',
    `const ${e.returns} = await response.json();`,
    `console.log(${e.returns});`,
  ].join('\n');
}

function pythonRequests(e: Endpoint, url: string): string {
  const args = [`    "${url}",`, `    headers={"Authorization": "Bearer ${TOKEN_PLACEHOLDER}"},`];
  if (e.body) args.push(`    json=${python(e.body)},`);
  return [
    'import requests',
    '',
    `response = requests.${e.method.toLowerCase()}(`,
    ...args,
    ')',
    `${e.returns} = response.json()`,
    `print(${e.returns})`,
  ].join('\n');
}

function curl(e: Endpoint, url: string): string {
  const lines = [`curl -X ${e.method} '${url}'`, `  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`];
  if (e.body)
    lines.push(
      `  -H 'Content-Type: application/json'`,
      `  -d '${JSON.stringify(e.body, null, 2).replaceAll("'", "'\\''")}'`,
    );
  return lines.join(' \\\n');
}

export function snippet(endpoint: Endpoint, language: Language, baseUrl: string): string {
  const url = `${baseUrl}${endpoint.path}`;
  if (language === 'python') return pythonRequests(endpoint, url);
  if (language === 'curl') return curl(endpoint, url);
  return javascript(endpoint, url);
}
