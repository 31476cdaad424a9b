import lookup from './lookup.ts'

export default lookup
