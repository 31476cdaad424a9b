function run(args: unknown) {
  return 'ok'
}

export default {
  description: 'Runs.',
  parameters: { type: 'object' },
  execute: run,
}
