// show: a Beeuni tool. `beeuni tools eject show` copies this file into a
// project; the copy keeps working unchanged. The web UI renders a call from
// its arguments (`type`, `path`, `url`, `content`, `items`), so keep those
// names; the result is only a confirmation for the model.
//
// A `path` is what the web UI opens in the workspace, so it must be
// workspace-relative and stay inside: an absolute path, a `..` that leads
// out and a symlink that leads out are refused.

import { realpath, stat } from 'node:fs/promises'
import path from 'node:path'

type Context = { directory: string }
type Item = { type?: unknown; path?: unknown; url?: unknown; content?: unknown; title?: unknown }
type Args = Item & { items?: unknown }

const TYPES = ['file', 'image', 'url', 'markdown', 'gallery']

function fail(message: string): never {
  throw new Error(message)
}

/** Whether `full` is `folder` or inside it. */
function within(full: string, folder: string): boolean {
  return full === folder || full.startsWith(folder + path.sep)
}

/** The workspace file `value` names, refusing one the UI could not open there. */
async function workspaceFile(value: string, context: Context, where: string): Promise<string> {
  const written = value.trim()
  if (path.isAbsolute(written) || /^[A-Za-z]:[\\/]/.test(written) || written.startsWith('\\')) {
    fail(`${where}path ${value} is absolute: write it relative to the workspace (e.g. "reports/summary.pdf")`)
  }
  const workspace = await realpath(context.directory)
  const full = path.resolve(workspace, written.replace(/\\/g, '/'))
  if (!within(full, workspace)) {
    fail(`${where}path ${value} leads outside the workspace; show only files inside it (relative to the workspace)`)
  }
  let real: string
  try {
    real = await realpath(full)
  } catch {
    fail(`${where}path ${value} does not exist; write the file first, or check the path (relative to the workspace)`)
  }
  if (!within(real, workspace)) {
    fail(`${where}path ${value} is a symlink to a place outside the workspace; show only files inside it`)
  }
  return real
}

/** Checks one thing to show and names it for the confirmation. */
async function describe(item: Item, context: Context, where: string): Promise<string> {
  const type = String(item.type ?? '')
  const has = (value: unknown) => typeof value === 'string' && value.trim() !== ''
  switch (type) {
    case 'file':
    case 'image': {
      if (has(item.url) && type === 'image') return `image ${item.url}`
      if (!has(item.path)) fail(`${where}${type} needs path (a workspace file)${type === 'image' ? ' or url' : ''}`)
      const full = await workspaceFile(String(item.path), context, where)
      try {
        if (!(await stat(full)).isFile()) fail(`${where}path ${item.path} is a folder; show a file`)
      } catch (error) {
        if (error instanceof Error && error.message.includes('is a folder')) throw error
        fail(`${where}path ${item.path} does not exist; write the file first, or check the path (relative to the workspace)`)
      }
      return `${type} ${item.path}`
    }
    case 'url':
      if (!has(item.url) || !/^https?:\/\//i.test(String(item.url))) fail(`${where}url needs url (an absolute http or https URL)`)
      return `url ${item.url}`
    case 'markdown':
      if (!has(item.content)) fail(`${where}markdown needs content (the markdown text to show)`)
      return `markdown (${String(item.content).split('\n').length} lines)`
    default:
      fail(`${where}type must be one of ${TYPES.join(', ')}; got ${JSON.stringify(item.type)}`)
  }
}

export default {
  description:
    'Show something to the user in the chat: a workspace file, an image (a workspace file or a URL), a web page, ' +
    'markdown, or a gallery of several. Use it for results the user should see, not for your own reading.',
  parameters: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: TYPES, description: 'What to show' },
      path: { type: 'string', description: 'file, image: a path relative to the workspace, e.g. "reports/summary.pdf"' },
      url: { type: 'string', description: 'url, image: an absolute http(s) URL' },
      content: { type: 'string', description: 'markdown: the text to show' },
      items: {
        type: 'array',
        description: 'gallery: the things to show, each { type, path, url, content, title }',
        items: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['file', 'image', 'url', 'markdown'] },
            path: { type: 'string' },
            url: { type: 'string' },
            content: { type: 'string' },
            title: { type: 'string' },
          },
          required: ['type'],
        },
      },
    },
    required: ['type'],
  },
  async execute(args: Args, context: Context) {
    if (args.type === 'gallery') {
      if (!Array.isArray(args.items) || args.items.length === 0) {
        fail('gallery needs items: a non-empty list of { type, path, url, content, title }')
      }
      const shown: string[] = []
      for (const [i, item] of args.items.entries()) {
        if (item?.type === 'gallery') fail(`items[${i}]: a gallery cannot contain a gallery`)
        shown.push(await describe(item ?? {}, context, `items[${i}]: `))
      }
      return `Shown to the user: a gallery of ${shown.length} (${shown.join('; ')})`
    }
    return `Shown to the user: ${await describe(args, context, '')}`
  },
}
