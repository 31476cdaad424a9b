// The Beeuni forwarding plugin for opencode, generated from beeuni.yaml by
// `beeuni plugin render` (and by `beeuni daemon` at every start and reload).
// Do not edit: the next render replaces this file.
//
// Every tool below runs in the project's Beeuni daemon; this file only
// forwards each call to it over HTTP. It finds the daemon from
// BEEUNI_DAEMON_URL and BEEUNI_DAEMON_TOKEN when they are set, else from the
// runtime file the daemon writes; no token is ever written here.
import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config, Hooks, Plugin, ToolContext } from "@opencode-ai/plugin";

type DeclaredTool = { description: string; parameters: Record<string, unknown> };

// Each tool's description and JSON Schema, as its module exports them.
const TOOLS: Record<string, DeclaredTool> = {{ tools_json }};

// Per agent configured in beeuni.yaml, the tools above that its `tools` hides
// in the standard harness. The daemon also refuses such a call.
const HIDDEN_BY_AGENT: Record<string, string[]> = {{ hidden_json }};

// The project folder, relative to this file's folder.
const PROJECT_FROM_HERE: string = {{ project_json }};

type Daemon = { url: string; token: string };

function runtimeDir(): string | undefined {
  const env = process.env;
  if (env.BEEUNI_RUNTIME_DIR) return env.BEEUNI_RUNTIME_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, "beeuni");
  if (env.HOME) return join(env.HOME, ".cache/beeuni/run");
  return undefined;
}

// The daemon names its runtime file after the project's canonical path; this
// is the same computation (folder name, then 16 hex digits of its SHA-256).
function runtimeFile(): string | undefined {
  const dir = runtimeDir();
  if (dir === undefined) return undefined;
  let root = resolve(dirname(fileURLToPath(import.meta.url)), PROJECT_FROM_HERE);
  try {
    root = realpathSync(root);
  } catch {
    // A project that moved: the lookup below then finds no file.
  }
  const name = Array.from(basename(root))
    .map((c) => (/^[A-Za-z0-9_-]$/.test(c) ? c : "_"))
    .slice(0, 40)
    .join("");
  const digest = createHash("sha256").update(root).digest("hex").slice(0, 16);
  return join(dir, `daemon-${name}-${digest}.json`);
}

function findDaemon(tool: string): Daemon {
  const env = process.env;
  let url = env.BEEUNI_DAEMON_URL;
  let token = env.BEEUNI_DAEMON_TOKEN;
  if (!url || !token) {
    const file = runtimeFile();
    let written: { url?: unknown; token?: unknown } = {};
    try {
      written = file === undefined ? {} : JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // Reported below, with what to do about it.
    }
    if (!url && typeof written.url === "string") url = written.url;
    if (!token && typeof written.token === "string") token = written.token;
    if (!url || !token) {
      throw new Error(
        `The tool \`${tool}\` did not run: the Beeuni daemon of this project is not running ` +
          `(no runtime file at ${file ?? "(no HOME or XDG_RUNTIME_DIR)"}, and BEEUNI_DAEMON_URL ` +
          `and BEEUNI_DAEMON_TOKEN are not both set). Tell the user to start it with \`beeuni daemon\` ` +
          `in the project, then try again.`,
      );
    }
  }
  return { url: url.replace(/\/+$/, ""), token };
}

function refusal(tool: string, status: number, error: string | undefined, url: string): string {
  switch (status) {
    case 401:
      return `The tool \`${tool}\` did not run: the Beeuni daemon at ${url} refused the access token (it may have restarted with a new one). Try again; if it fails again, tell the user.`;
    case 403:
      return `The tool \`${tool}\` did not run: ${error ?? "this agent may not call it"}. Do not call it again in this session.`;
    case 404:
      return `The tool \`${tool}\` did not run: ${error ?? `no tool named ${tool} is loaded`}. The project no longer provides it; do not call it again.`;
    case 503:
      return `The tool \`${tool}\` did not run: the Beeuni daemon is shutting down. Try again in a moment.`;
    case 504:
      return `The tool \`${tool}\` stopped: ${error ?? "it did not finish in time"}.`;
    default:
      return `The tool \`${tool}\` did not run: the Beeuni daemon answered ${status}${error ? `: ${error}` : ""}.`;
  }
}

async function forward(tool: string, args: unknown, context: ToolContext): Promise<string> {
  const daemon = findDaemon(tool);
  // opencode passes the call's id at run time; its published type omits it.
  const callId = (context as ToolContext & { callID?: string }).callID;
  let response: Response;
  try {
    response = await fetch(`${daemon.url}/beeuni/tools/${encodeURIComponent(tool)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${daemon.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        args,
        context: { sessionId: context.sessionID, agent: context.agent, callId, harness: "standard" },
      }),
      signal: context.abort,
    });
  } catch (cause) {
    if (context.abort.aborted) throw cause;
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new Error(
      `The tool \`${tool}\` did not run: the Beeuni daemon at ${daemon.url} cannot be reached (${why}). Tell the user to start it with \`beeuni daemon\` in the project.`,
    );
  }
  const text = await response.text();
  let body: { output?: unknown; error?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // A body that is not JSON is not the daemon's: reported by status below.
  }
  if (response.ok && typeof body.output === "string") return body.output;
  // What the tool threw, as it threw it.
  if (response.ok && typeof body.error === "string") throw new Error(body.error);
  const error = typeof body.error === "string" ? body.error : undefined;
  throw new Error(refusal(tool, response.status, error, daemon.url));
}

// opencode 1.18.33's own agents. Any other agent exists only when opencode's
// configuration defines it: configuring it here would create it.
const OPENCODE_AGENTS = ["build", "plan", "general", "explore"];

// opencode has turned each agent's `tools` into permissions by the time a
// plugin sees the configuration; a tool whose permission is "deny" for every
// pattern is not offered to that agent's model.
function hideFromAgents(config: Config): void {
  const agents = (config.agent ??= {});
  for (const [agent, hidden] of Object.entries(HIDDEN_BY_AGENT)) {
    if (!Object.hasOwn(agents, agent) && !OPENCODE_AGENTS.includes(agent)) continue;
    const settings = (agents[agent] ??= {});
    const permission: Record<string, unknown> = { ...(settings.permission ?? {}) };
    for (const name of hidden) permission[name] = "deny";
    settings.permission = permission as typeof settings.permission;
  }
}

export const BeeuniTools: Plugin = async () => {
  const hooks: Hooks = {
    config: async (config) => hideFromAgents(config),
    tool: Object.fromEntries(
      Object.entries(TOOLS).map(([name, declared]) => [
        name,
        {
          description: declared.description,
          // The model gets the module's own JSON Schema (below), not one
          // converted from zod; opencode validates nothing for plugin tools.
          args: {},
          execute: (args: unknown, context: ToolContext) => forward(name, args, context),
        },
      ]),
    ),
    "tool.definition": async (input, output) => {
      if (!Object.hasOwn(TOOLS, input.toolID)) return;
      // opencode sends `jsonSchema` as is when set; its type omits the field.
      (output as typeof output & { jsonSchema?: unknown }).jsonSchema = structuredClone(
        TOOLS[input.toolID].parameters,
      );
    },
  };
  return hooks;
};
