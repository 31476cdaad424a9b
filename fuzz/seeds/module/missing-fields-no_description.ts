export default {
  parameters: {
    type: 'object',
    properties: { id: { type: 'string', description: 'The order id' } },
    required: ['id'],
  },
  async execute(args, context) {
    return `order ${args.id}`
  },
}
