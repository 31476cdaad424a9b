// {{ module }}: the `{{ name }}` tool{% if overrides %}, which overrides beeuni:{{ name }} in every harness{% endif %}.
// `beeuni types` writes the declarations imported below (beeuni-types.d.ts).
import type { Args, ToolContext } from 'beeuni:types'

export default {
  description: {{ description }},
  parameters: {{ parameters }},
  async execute(args: Args<'{{ name }}'>, context: ToolContext) {
{%- if overrides %}
    // {{ ui_note }}
    // `beeuni tools eject {{ name }}` writes Beeuni's own source to start from.
    throw new Error('{{ name }} is overridden by {{ module }}, which does not answer yet')
{%- else %}
    // context.signal aborts when the user stops the turn: pass it to fetch.
    // context.env holds the secrets this agent receives.
    return `{{ name }} got ${args.input} in ${context.directory}`
{%- endif %}
  },
}
