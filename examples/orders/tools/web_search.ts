// A project override of the Beeuni web_search tool: it keeps the name, the
// arguments and the output JSON the web UI reads, but searches only the
// shop's documentation site.
export default {
  description: 'Search the shop documentation. Several queries can be joined with |||.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', description: 'One or more queries separated by |||' } },
    required: ['query'],
  },
  async execute(args, context) {
    const base = context.env.BEEUNI_API_URL
    if (!base) throw new Error('BEEUNI_API_URL is not set: the sandbox sets it; set it to run this tool elsewhere')
    const queries = String(args.query ?? '').split('|||').map((query) => query.trim()).filter(Boolean)
    const results = await Promise.all(queries.map(async (query) => {
      const response = await fetch(`${base}/v1/search/web`, {
        method: 'POST',
        headers: { authorization: `Bearer ${context.env.BEEUNI_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: `site:docs.example.com ${query}` }),
        signal: context.signal,
      })
      if (!response.ok) throw new Error(`the Beeuni API answered ${response.status}: ${await response.text()}`)
      return { query, results: (await response.json()).results }
    }))
    return { results }
  },
}
