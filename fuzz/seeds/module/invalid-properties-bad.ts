export default {
  description: 'Look up an order by id.',
  parameters: {
    type: 'object',
    properties: { id: 'string', count: { type: 'number' } },
  },
  async execute(args, context) {
    return `order ${args.id}`
  },
}
