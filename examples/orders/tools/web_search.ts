// A project override of the Beeuni web_search tool: keeps the name, the
// arguments and the output JSON, but searches only the shop's documentation.
export default {
  description: 'Search the shop documentation. Several queries can be joined with |||.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', description: 'One or more queries separated by |||' } },
    required: ['query'],
  },
  async execute(args, context) {
    const queries = String(args.query ?? '').split('|||').map((query) => query.trim()).filter(Boolean)
      .map((query) => `site:docs.example.com ${query}`)
    const response = await fetch(`${context.env.BEEUNI_API_URL}/v1/search/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${context.env.BEEUNI_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queries }),
      signal: context.signal,
    })
    if (!response.ok) throw new Error(`search API answered ${response.status}: ${await response.text()}`)
    return await response.json()
  },
}
