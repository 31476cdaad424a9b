import { createOpencodeClient } from '@opencode-ai/sdk'
import type { ToolContext } from '@opencode-ai/plugin'
export default {
  description: 'Look up an order by id.',
  parameters: {
    type: 'object',
    properties: { id: { type: 'string', description: 'The order id' } },
    required: ['id'],
  },
  async execute(args, context) {
    return `order ${args.id}`
  },
}
