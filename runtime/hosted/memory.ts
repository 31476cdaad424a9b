// memory: a Beeuni tool. `beeuni tools eject memory` copies this file into a
// project; the copy keeps working unchanged. The web UI renders a call from
// its arguments (`command`, `path`), so keep those names.
//
// Every path is workspace-relative and must stay inside `memory/`: `..`,
// absolute paths and symlinks that lead out are refused. Every link on the
// way is resolved, a dangling one too (a write through it would create its
// target wherever it points), and a listing does not follow a link out.

import { lstat, mkdir, readFile, readdir, readlink, realpath, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

type Context = { directory: string }
type Args = {
  command?: unknown
  path?: unknown
  file_text?: unknown
  old_str?: unknown
  new_str?: unknown
  insert_line?: unknown
  insert_text?: unknown
  new_path?: unknown
  view_range?: unknown
}

const FOLDER = 'memory'
const COMMANDS = ['view', 'create', 'str_replace', 'insert', 'delete', 'rename']

function fail(message: string): never {
  throw new Error(message)
}

/** The path as written, checked lexically: relative, and `memory` or below it. */
function checked(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    fail(`${field} must be a path inside ${FOLDER}/, e.g. "${FOLDER}/notes.md"`)
  }
  const written = value.trim().replace(/\\/g, '/')
  if (path.isAbsolute(written) || written.startsWith('/')) {
    fail(`${field} "${value}" is absolute: write it relative to the workspace, inside ${FOLDER}/ (e.g. "${FOLDER}/notes.md")`)
  }
  const normal = path.posix.normalize(written).replace(/\/+$/, '')
  if (normal !== FOLDER && !normal.startsWith(`${FOLDER}/`)) {
    fail(`${field} "${value}" is outside ${FOLDER}/: the memory tool only reads and writes files under ${FOLDER}/ (e.g. "${FOLDER}/notes.md")`)
  }
  return normal
}

async function exists(full: string): Promise<boolean> {
  try {
    await stat(full)
    return true
  } catch {
    return false
  }
}

/** Whether anything is at `full`, a dangling symlink included. */
async function present(full: string): Promise<boolean> {
  try {
    await lstat(full)
    return true
  } catch {
    return false
  }
}

/** Whether `full` is `folder` or inside it. */
function within(full: string, folder: string): boolean {
  return full === folder || full.startsWith(folder + path.sep)
}

/**
 * Where `full` really is: the nearest existing ancestor resolved with
 * realpath and the missing rest appended; a dangling link is followed to
 * where its target would be, so a write through it is checked where it lands.
 */
async function real(full: string, hops = 0): Promise<string> {
  if (hops > 40) fail(`too many levels of symlinks at ${full}`)
  let probe = full
  const missing: string[] = []
  while (!(await present(probe))) {
    missing.unshift(path.basename(probe))
    probe = path.dirname(probe)
  }
  let base: string
  try {
    base = await realpath(probe)
  } catch {
    // A link to nothing (every folder above it exists, or probe would be one of them).
    base = await real(path.resolve(path.dirname(probe), await readlink(probe)), hops + 1)
  }
  return path.join(base, ...missing)
}

/**
 * The real location of `rel` (already checked lexically), refusing one that a
 * symlink leads out of `memory/`, and `memory/` itself when it leads out of
 * the workspace. A path not created yet is checked where it will be created.
 */
async function resolve(rel: string, context: Context): Promise<{ full: string; folder: string }> {
  const workspace = await realpath(context.directory)
  const folder = await real(path.join(workspace, FOLDER))
  if (!within(folder, workspace)) {
    fail(`${FOLDER}/ is a symlink to a place outside the workspace; the memory tool refuses to follow it`)
  }
  const full = await real(path.join(workspace, rel))
  if (!within(full, folder)) {
    fail(`"${rel}" leads outside ${FOLDER}/ through a symlink; the memory tool only works on files inside ${FOLDER}/`)
  }
  return { full, folder }
}

function text(value: unknown, field: string, command: string): string {
  if (typeof value !== 'string') fail(`${command} needs ${field} (a string)`)
  return value
}

async function readText(full: string, rel: string): Promise<string> {
  try {
    return await readFile(full, 'utf8')
  } catch {
    fail(`${rel} does not exist or is not a readable file; use view on ${FOLDER}/ to see what is there`)
  }
}

/**
 * Files under `dir`, as workspace-relative paths, depth first. A link is
 * listed as a link; one that leads out of `folder` (the real `memory/`) is
 * not followed.
 */
async function listing(dir: string, rel: string, depth: number, folder: string, out: string[]): Promise<void> {
  const names = (await readdir(dir)).sort()
  for (const name of names) {
    const full = path.join(dir, name)
    const child = `${rel}/${name}`
    if ((await lstat(full)).isSymbolicLink()) {
      const target = await real(full)
      if (!within(target, folder)) {
        out.push(`${child}  (a symlink out of ${FOLDER}/, not followed)`)
        continue
      }
      if (!(await exists(target))) {
        out.push(`${child}  (a symlink to a missing file)`)
        continue
      }
    }
    const info = await stat(full)
    if (info.isDirectory()) {
      out.push(`${child}/`)
      if (depth > 1) await listing(full, child, depth - 1, folder, out)
    } else {
      out.push(`${child}  (${info.size} bytes)`)
    }
  }
}

async function view(rel: string, full: string, folder: string, range: unknown): Promise<string> {
  if (!(await exists(full))) {
    return rel === FOLDER ? `${FOLDER}/ is empty: nothing has been saved yet` : fail(`${rel} does not exist`)
  }
  if ((await stat(full)).isDirectory()) {
    const lines: string[] = []
    await listing(full, rel, 3, folder, lines)
    return lines.length ? `${rel}/\n${lines.join('\n')}` : `${rel}/ is empty`
  }
  const lines = (await readText(full, rel)).split('\n')
  let [start, end] = [1, lines.length]
  if (Array.isArray(range) && range.length === 2) {
    start = Math.max(1, Number(range[0]) || 1)
    end = Number(range[1]) === -1 ? lines.length : Math.min(lines.length, Number(range[1]) || lines.length)
  }
  return lines
    .slice(start - 1, end)
    .map((line, i) => `${String(start + i).padStart(6)}\t${line}`)
    .join('\n')
}

export default {
  description:
    `Read and write your memory: notes kept as files under ${FOLDER}/ in the workspace, which outlive this conversation. ` +
    'Commands: view (a file, or a folder listing), create (write a file), str_replace (replace text that occurs once), ' +
    'insert (add text after a line), delete, rename.',
  parameters: {
    type: 'object',
    properties: {
      command: { type: 'string', enum: COMMANDS, description: 'What to do' },
      path: { type: 'string', description: `A file or folder inside ${FOLDER}/, e.g. "${FOLDER}/project-notes.md"` },
      file_text: { type: 'string', description: 'create: the whole content of the file' },
      old_str: { type: 'string', description: 'str_replace: the exact text to replace; it must occur once' },
      new_str: { type: 'string', description: 'str_replace: the replacement (empty to delete)' },
      insert_line: { type: 'integer', description: 'insert: the line after which to insert (0 inserts at the top)' },
      insert_text: { type: 'string', description: 'insert: the text to insert' },
      new_path: { type: 'string', description: `rename: the new path, also inside ${FOLDER}/` },
      view_range: {
        type: 'array',
        items: { type: 'integer' },
        description: 'view: [first, last] line to show (1-based; last -1 means the end)',
      },
    },
    required: ['command', 'path'],
  },
  async execute(args: Args, context: Context) {
    const command = String(args.command ?? '')
    if (!COMMANDS.includes(command)) {
      fail(`command must be one of ${COMMANDS.join(', ')}; got ${JSON.stringify(args.command)}`)
    }
    const rel = checked(args.path, 'path')
    const { full, folder } = await resolve(rel, context)
    if (command === 'view') return await view(rel, full, folder, args.view_range)
    if (rel === FOLDER && command !== 'delete') fail(`path must name a file inside ${FOLDER}/, not the folder itself`)
    switch (command) {
      case 'create': {
        const content = text(args.file_text, 'file_text', 'create')
        if ((await exists(full)) && (await stat(full)).isDirectory()) fail(`${rel} is a folder; create writes a file`)
        await mkdir(path.dirname(full), { recursive: true })
        await writeFile(full, content, 'utf8')
        return `Saved ${rel} (${content.split('\n').length} lines)`
      }
      case 'str_replace': {
        const oldStr = text(args.old_str, 'old_str', 'str_replace')
        if (oldStr === '') fail('str_replace needs a non-empty old_str')
        const newStr = args.new_str === undefined ? '' : text(args.new_str, 'new_str', 'str_replace')
        const content = await readText(full, rel)
        const count = content.split(oldStr).length - 1
        if (count === 0) fail(`old_str does not occur in ${rel}; view the file and copy the text exactly`)
        if (count > 1) fail(`old_str occurs ${count} times in ${rel}; include more surrounding text so it occurs once`)
        await writeFile(full, content.replace(oldStr, () => newStr), 'utf8')
        return `Edited ${rel}`
      }
      case 'insert': {
        const insertText = text(args.insert_text, 'insert_text', 'insert')
        const lines = (await readText(full, rel)).split('\n')
        const at = Number(args.insert_line)
        if (!Number.isInteger(at) || at < 0 || at > lines.length) {
          fail(`insert_line must be a whole number from 0 to ${lines.length} (the line after which to insert)`)
        }
        lines.splice(at, 0, ...insertText.split('\n'))
        await writeFile(full, lines.join('\n'), 'utf8')
        return `Inserted ${insertText.split('\n').length} line(s) into ${rel} after line ${at}`
      }
      case 'delete': {
        if (rel === FOLDER) fail(`refusing to delete all of ${FOLDER}/; delete the files in it one by one`)
        if (!(await exists(full))) fail(`${rel} does not exist`)
        await rm(full, { recursive: true })
        return `Deleted ${rel}`
      }
      default: {
        const target = checked(args.new_path, 'new_path')
        if (target === FOLDER) fail(`new_path must name a file inside ${FOLDER}/, not the folder itself`)
        const fullTarget = (await resolve(target, context)).full
        if (!(await exists(full))) fail(`${rel} does not exist`)
        if (await exists(fullTarget)) fail(`${target} already exists; delete it first or pick another new_path`)
        await mkdir(path.dirname(fullTarget), { recursive: true })
        await rename(full, fullTarget)
        return `Renamed ${rel} to ${target}`
      }
    }
  },
}
