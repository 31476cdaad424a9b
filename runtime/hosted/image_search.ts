// image_search: a Beeuni tool. `beeuni tools eject image_search` copies this
// file into a project; the copy keeps working unchanged. The web UI renders
// the result JSON, so keep its shape: { query, images: [{ url, thumbnail, title, source }] }.
// The Beeuni API routes it calls are documented in beeuni-tools' docs/beeuni-api.md.

type Context = { env: Record<string, string | undefined>; signal?: AbortSignal }

const ROUTE = '/v1/search/images'

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
    'Search for images. Returns image URLs with a thumbnail, a title and the page each image comes from; ' +
    'show one to the user with the show tool.',
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What the images should show, e.g. "red panda in snow"' },
    },
    required: ['query'],
  },
  async execute(args: { query?: unknown }, context: Context) {
    const query = typeof args.query === 'string' ? args.query.trim() : ''
    if (!query) {
      throw new Error('query must be a non-empty string: describe the images to find, e.g. { "query": "red panda" }')
    }
    const answer = await callBeeuniApi(ROUTE, { query }, context)
    const images = Array.isArray(answer?.images) ? answer.images : []
    return {
      query,
      images: images.map((image: any) => ({
        url: String(image?.url ?? ''),
        thumbnail: String(image?.thumbnail ?? image?.url ?? ''),
        title: String(image?.title ?? ''),
        source: String(image?.source ?? ''),
      })),
    }
  },
}
