const lookup = {
  description: 'Look up an order.',
  parameters: { type: 'object' },
  execute: (args) => args,
}
export { lookup as default }
