// {{ module }}: the `{{ name }}` tool{% if overrides %}, which overrides beeuni:{{ name }} in every harness{% endif %}.
// `beeuni types` writes the declarations the JSDoc types below name (beeuni-types.d.ts).

/** @typedef {import('beeuni:types').Args<'{{ name }}'>} Args */
/** @typedef {import('beeuni:types').ToolContext} ToolContext */

export default {
  description: {{ description }},
  parameters: {{ parameters }},
  /**
   * @param {Args} args
   * @param {ToolContext} context
   */
  async execute(args, context) {
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
