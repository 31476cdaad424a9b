export default {
  description: 'Look up an order by id.',
  parameters: { type: 'object', properties: {} },
  async execute(args, context) {
    return `order ${args.id}`
  },
}
