import { tool as defineTool } from '@opencode-ai/plugin/tool'

export const add = defineTool({
  description: 'Add two numbers',
  args: {},
  async execute(args) { return 1 },
})

export const multiply = defineTool({
  description: 'Multiply two numbers',
  args: {},
  async execute(args) { return 2 },
})
