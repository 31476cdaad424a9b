export default async function lookup(args: { id: string }) {
  return args.id
}
