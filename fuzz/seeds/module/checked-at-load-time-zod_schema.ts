import { z } from 'zod'

export default {
  description: 'Look up an order.',
  parameters: z.toJSONSchema(z.object({ id: z.string() })),
  async execute(args: { id: string }) {
    return args.id
  },
}
