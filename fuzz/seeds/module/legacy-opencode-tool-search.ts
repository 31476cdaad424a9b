import { tool } from '@opencode-ai/plugin'

export default tool({
  description: 'Search the web',
  args: { query: tool.schema.string().describe('What to search for') },
  async execute(args, context) {
    return `results for ${args.query}`
  },
})
