export default {
  description: 'Look up an order by id.',
  parameters: ['id'],
  async execute(args, context) {
    return `order ${args.id}`
  },
}
