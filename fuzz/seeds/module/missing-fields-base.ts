export const base = { description: 'Shared', parameters: { type: 'object' } }
