import { Card } from './card-view'

export default {
  description: 'Renders a card.',
  parameters: { type: 'object' },
  execute: () => String(Card),
}
