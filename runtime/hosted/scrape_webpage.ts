// scrape_webpage: a Beeuni tool. `beeuni tools eject scrape_webpage` copies
// this file into a project; the copy keeps working unchanged. The web UI
// renders the result JSON, so keep its shape: { url, title, text }.
// The Beeuni API routes it calls are documented in beeuni-tools' docs/beeuni-api.md.

type Context = { env: Record<string, string | undefined>; signal?: AbortSignal }

const ROUTE = '/v1/scrape'

async function callBeeuniApi(route: string, body: unknown, context: Context): Promise<any> {
  const base = context.env.BEEUNI_API_URL
  if (!base) {
    throw new Error('BEEUNI_API_URL is not set: the sandbox sets it for hosted tools; set it to the Beeuni API base URL (e.g. https://api.beeuni.example) to run this tool elsewhere')
  }
  const token = context.env.BEEUNI_TOKEN
  if (!token) {
    throw new Error('BEEUNI_TOKEN is not set: the sandbox sets it for hosted tools; set it to a Beeuni API token to run this tool elsewhere')
  }
  const url = base.replace(/\/+$/, '') + route
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
    signal: context.signal,
  })
  const text = await response.text()
  if (!response.ok) {
    throw new Error(`the Beeuni API answered ${response.status} for POST ${route}: ${text.slice(0, 500) || '(empty body)'}`)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`the Beeuni API answered POST ${route} with something that is not JSON: ${text.slice(0, 200)}`)
  }
}

export default {
  description:
    "Read a web page. Returns the page's title and its main text (no markup), fetched by Beeuni's scraper, " +
    'which also reads pages that need JavaScript.',
  parameters: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'The absolute http(s) URL of the page, e.g. "https://example.com/pricing"' },
    },
    required: ['url'],
  },
  async execute(args: { url?: unknown }, context: Context) {
    const url = typeof args.url === 'string' ? args.url.trim() : ''
    if (!/^https?:\/\/[^\s/]+/i.test(url)) {
      throw new Error(`url must be an absolute http or https URL, e.g. "https://example.com/page"; got ${JSON.stringify(args.url)}`)
    }
    const page = await callBeeuniApi(ROUTE, { url }, context)
    return {
      url: String(page?.url ?? url),
      title: String(page?.title ?? ''),
      text: String(page?.text ?? ''),
    }
  },
}
