export default {
  description: 'Look up an order by id.',
  parameters: { properties: { id: { type: 'string' } } },
  async execute(args, context) {
    return `order ${args.id}`
  },
}
