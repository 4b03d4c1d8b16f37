/**
 * The Messages API's request rules, for what this service sends: the stand-in answers a request that
 * breaks one with the 400 the real API gives (messages in the API's own words where they are
 * known). Sources: the SDK's types (node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts)
 * and the API docs (tool use, prompt caching, errors). Rules the real API does not have are not
 * added: consecutive turns of one role are merged, not refused, and `max_tokens: 0` is allowed
 * (it warms the cache).
 */
export interface RuleOptions {
  /** The model's output limit: a larger `max_tokens` is refused. */
  maxOutputTokens: number;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_BREAKPOINTS = 4;

type Block = { type?: string; id?: string; tool_use_id?: string; cache_control?: unknown; [k: string]: unknown };
type Turn = { role: string; blocks: Block[]; index: number };

const blocksOf = (content: unknown): Block[] | null =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? (content as Block[]) : null;

/** The first rule the request breaks, as the API words it; null when the request is valid. */
export function requestError(body: any, opts: RuleOptions): string | null {
  if (!body || typeof body !== 'object') return 'request body must be a JSON object';
  if (typeof body.model !== 'string' || body.model.length === 0) return 'model: Field required';
  if (body.max_tokens === undefined) return 'max_tokens: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 0) return 'max_tokens: Input should be a valid non-negative integer';
  if (body.max_tokens > opts.maxOutputTokens) {
    return `max_tokens: ${body.max_tokens} > ${opts.maxOutputTokens}, which is the maximum allowed number of output tokens for ${body.model}`;
  }
  return toolsError(body) ?? messagesError(body) ?? breakpointsError(body);
}

function toolsError(body: any): string | null {
  const tools: any[] = body.tools ?? [];
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  const seen = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    if (typeof tool?.name !== 'string' || !TOOL_NAME.test(tool.name)) return `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    if (seen.has(tool.name)) return 'tools: Tool names must be unique.';
    seen.add(tool.name);
    if (tool.input_schema?.type !== 'object') return `tools.${i}.custom.input_schema.type: Input should be 'object'`;
  }
  const choice = body.tool_choice;
  if (choice === undefined) return null;
  if (!['auto', 'any', 'tool', 'none'].includes(choice?.type)) return "tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'";
  if ((choice.type === 'any' || choice.type === 'tool') && tools.length === 0) return `tool_choice.type: ${choice.type} requires tools to be provided`;
  if (choice.type === 'tool' && !seen.has(choice.name)) return `tool_choice: Tool '${choice.name}' not found in provided tools`;
  return null;
}

function messagesError(body: any): string | null {
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  const turns: Turn[] = [];
  for (const [index, m] of (body.messages as any[]).entries()) {
    if (m?.role !== 'user' && m?.role !== 'assistant') return `messages.${index}.role: Input should be 'user' or 'assistant'`;
    const blocks = blocksOf(m.content);
    if (!blocks) return `messages.${index}.content: Input should be a valid string or list`;
    if (blocks.length === 0 && index < body.messages.length - 1) return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
    for (const [j, b] of blocks.entries()) {
      if (b.type === 'text' && typeof b.text === 'string' && b.text.length === 0) return `messages.${index}.content.${j}.text: text content blocks must be non-empty`;
      if (m.role === 'user' && b.type === 'tool_use') return `messages.${index}.content.${j}: tool_use blocks may only appear in assistant messages`;
      if (m.role === 'assistant' && b.type === 'tool_result') return `messages.${index}.content.${j}: tool_result blocks may only appear in user messages`;
    }
    // The API merges consecutive turns of one role rather than refusing them.
    const last = turns.at(-1);
    if (last && last.role === m.role) last.blocks.push(...blocks);
    else turns.push({ role: m.role, blocks: [...blocks], index });
  }
  if (turns[0]!.role !== 'user') return 'messages: first message must use the "user" role';
  if (turns.at(-1)!.role !== 'user') return 'messages: the final message must use the "user" role; this model does not support assistant message prefill';
  return pairingError(turns);
}

/** Every tool_use is answered, by id, at the start of the next user turn, and a tool_result answers only those. */
function pairingError(turns: Turn[]): string | null {
  for (const [t, turn] of turns.entries()) {
    const results = turn.blocks.filter((b) => b.type === 'tool_result');
    const asked = turn.role === 'user' ? (turns[t - 1]?.blocks ?? []).filter((b) => b.type === 'tool_use').map((b) => b.id) : [];
    const unexpected = results.map((b) => b.tool_use_id).filter((id) => !asked.includes(id));
    if (unexpected.length) {
      return `messages.${turn.index}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(', ')}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
  }
  for (const [t, turn] of turns.entries()) {
    if (turn.role !== 'assistant') continue;
    const uses = turn.blocks.filter((b) => b.type === 'tool_use');
    if (new Set(uses.map((b) => b.id)).size !== uses.length) return `messages.${turn.index}: \`tool_use\` ids must be unique`;
    if (uses.length === 0) continue;
    const next = turns[t + 1];
    const leading = next ? next.blocks.slice(0, uses.length) : [];
    const answered = new Set(leading.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id));
    const missing = uses.map((b) => b.id).filter((id) => !answered.has(id));
    if (missing.length) {
      return `messages.${turn.index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
  }
  return null;
}

function breakpointsError(body: any): string | null {
  const system = Array.isArray(body.system) ? body.system : [];
  const inMessages = (body.messages as any[]).flatMap((m) => blocksOf(m.content) ?? []);
  const marked = [...(body.tools ?? []), ...system, ...inMessages].filter((b: Block) => b.cache_control !== undefined && b.cache_control !== null);
  for (const b of marked) {
    if ((b.cache_control as { type?: unknown }).type !== 'ephemeral') return "cache_control.type: Input should be 'ephemeral'";
  }
  return marked.length > MAX_BREAKPOINTS ? `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${marked.length}.` : null;
}
