// web_search: a Beeuni tool. `beeuni tools eject web_search` copies this file
// into a project; the copy keeps working unchanged. The web UI renders the
// result JSON, so keep its shape: { results: [{ query, results: [{ title, url, snippet }] }] }.
// The Beeuni API routes it calls are documented in beeuni-tools' docs/beeuni-api.md.

type Context = { env: Record<string, string | undefined>; signal?: AbortSignal }
type Hit = { title: string; url: string; snippet: string }

const ROUTE = '/v1/search/web'
const SEPARATOR = '|||'

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

function hits(value: unknown): Hit[] {
  if (!Array.isArray(value)) return []
  return value.map((hit) => ({
    title: String(hit?.title ?? ''),
    url: String(hit?.url ?? ''),
    snippet: String(hit?.snippet ?? ''),
  }))
}

export default {
  description:
    'Search the web. Returns, for each query, the top results with title, URL and a snippet. ' +
    `Run several searches in one call by separating queries with "${SEPARATOR}".`,
  parameters: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description: `The search query, or several queries separated by "${SEPARATOR}" (e.g. "boa engine${SEPARATOR}rust tokio")`,
      },
    },
    required: ['query'],
  },
  async execute(args: { query?: unknown }, context: Context) {
    if (typeof args.query !== 'string') {
      throw new Error('query must be a string: pass the search terms, e.g. { "query": "weather in Belgrade" }')
    }
    const queries = args.query.split(SEPARATOR).map((q) => q.trim()).filter((q) => q.length > 0)
    if (queries.length === 0) {
      throw new Error(`query is empty: pass one or more search queries separated by "${SEPARATOR}"`)
    }
    const results = await Promise.all(
      queries.map(async (query) => {
        const answer = await callBeeuniApi(ROUTE, { query }, context)
        return { query, results: hits(answer?.results) }
      }),
    )
    return { results }
  },
}
