export default {
  description: 'Look up an order by id.',
  async execute(args, context) {
    return `order ${args.id}`
  },
}
