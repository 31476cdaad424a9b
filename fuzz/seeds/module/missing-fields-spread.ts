import { base } from './base.ts'

export default {
  ...base,
  async execute(args) {
    return args
  },
}
