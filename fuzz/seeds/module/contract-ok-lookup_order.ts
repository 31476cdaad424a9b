// The example of the specification, with helpers.
import { readFile } from 'node:fs/promises'
import path from 'path'
import { $ } from 'bun'
import { Database } from 'bun:sqlite'
import { orderUrl } from '@lib/orders.js'
import { format } from '../lib/format'
import type { Options } from '@opencode-ai/plugin'

const description = 'Look up an order by id. Returns its status and carrier.'

export default {
  description,
  parameters: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The order id, e.g. "A-1042"' },
      include_items: { type: 'boolean', description: 'Also list the items' },
    },
    required: ['id'],
  },
  async execute(args, context) {
    const response = await fetch(orderUrl(args.id), {
      headers: { authorization: `Bearer ${context.env.ORDERS_API_KEY}` },
      signal: context.signal,
    })
    if (!response.ok) throw new Error(`orders API answered ${response.status}`)
    return format(await response.json())
  },
} satisfies { description: string }
