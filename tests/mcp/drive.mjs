// Drives one real MCP client through a plan and prints what it saw, as one
// JSON line: tests/mcp.rs writes the plan and judges the answers.
//
// node drive.mjs PLAN_JSON, where PLAN is
//   { client: "sdk" (the 1.x SDK) | "client" (the 2.x client),
//     revision: "legacy" | "2026-07-28" (2.x client only; legacy by default),
//     stdio: { command, args, env } | http: { url, token },
//     steps: [ { op: "list" }
//            | { op: "call", name, arguments }
//            | { op: "cancel", name, arguments, afterMs, pidFile, aborted }  // gives up after afterMs

//            | { op: "edit", file, text } ] }            // writes the file, waits for list_changed
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const plan = JSON.parse(process.argv[2])
const sdk =
  plan.client === 'sdk'
    ? {
        ...(await import('@modelcontextprotocol/sdk/client/index.js')),
        ...(await import('@modelcontextprotocol/sdk/client/stdio.js')),
        ...(await import('@modelcontextprotocol/sdk/client/streamableHttp.js')),
      }
    : {
        ...(await import('@modelcontextprotocol/client')),
        ...(await import('@modelcontextprotocol/client/stdio')),
      }

// A list_changed notice resolves the newest waiter with the refreshed list.
let changed = () => {}
const options = {
  listChanged: {
    tools: { debounceMs: 0, onChanged: (error, tools) => changed({ error: error && String(error), tools }) },
  },
}
if (plan.client === 'client' && plan.revision && plan.revision !== 'legacy') {
  options.versionNegotiation = { mode: { pin: plan.revision } }
}
const client = new sdk.Client({ name: `beeuni-test-${plan.client}`, version: '1.0.0' }, options)
const transport = plan.stdio
  ? new sdk.StdioClientTransport({ ...plan.stdio, env: { ...process.env, ...plan.stdio.env }, stderr: 'inherit' })
  : new sdk.StreamableHTTPClientTransport(new URL(plan.http.url), {
      requestInit: { headers: { Authorization: `Bearer ${plan.http.token}` } },
    })

const failure = (error) => ({ error: { code: error.code ?? null, message: String(error.message ?? error) } })
// Without the SDK's own 60 s request timeout: the server's deadline is judged.
const long = { timeout: 600000 }

const seen = []
try {
  await client.connect(transport)
  seen.push({ protocolVersion: transport.protocolVersion ?? client.getNegotiatedProtocolVersion?.() ?? null })
  for (const step of plan.steps) {
    if (step.op === 'list') {
      seen.push(await client.listTools())
    } else if (step.op === 'call') {
      const params = { name: step.name, arguments: step.arguments }
      const call = plan.client === 'sdk' ? client.callTool(params, undefined, long) : client.callTool(params, long)
      seen.push(await call.then((result) => ({ result }), failure))
    } else if (step.op === 'cancel') {
      // The client gives up after `afterMs` (its request timeout, which
      // sends the protocol's cancellation), as a host whose user stopped
      // the turn does; then it stays connected until the call's signal
      // aborted (the file `aborted`) and its subprocess (the pid in the
      // file `pidFile`) is gone, for a minute at most.
      const params = { name: step.name, arguments: step.arguments }
      const request = { timeout: step.afterMs }
      const call = plan.client === 'sdk' ? client.callTool(params, undefined, request) : client.callTool(params, request)
      const answer = await call.then((result) => ({ result }), failure)
      const pid = () => (existsSync(step.pidFile) ? Number(readFileSync(step.pidFile, 'utf8')) : null)
      // A zombie is gone too: its worker reaps it later.
      const gone = () => {
        try {
          return pid() !== null && readFileSync(`/proc/${pid()}/stat`, 'utf8').includes(') Z ')
        } catch {
          return true
        }
      }
      const until = Date.now() + 60000
      while (!(existsSync(step.aborted) && gone()) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      seen.push({ ...answer, started: pid() !== null, aborted: existsSync(step.aborted), subprocessGone: gone() })
    } else if (step.op === 'edit') {
      const notice = new Promise((resolve) => {
        changed = resolve
      })
      writeFileSync(step.file, step.text)
      const late = new Promise((resolve) => setTimeout(() => resolve({ error: 'no list_changed within 60 s' }), 60000))
      seen.push(await Promise.race([notice, late]))
    }
  }
} catch (error) {
  seen.push({ fatal: String(error.stack ?? error) })
}
await client.close().catch(() => {})
console.log(JSON.stringify(seen))
process.exit(0)
