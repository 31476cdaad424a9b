export const description = 'Look up an order'
export async function execute(args) {
  return args
}
