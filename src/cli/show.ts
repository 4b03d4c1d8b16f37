import type { Decision, Turn } from '../domain/types.js';
import { ago, duration, money, when } from './format.js';
import { TIMELINE_LEGEND, timeline } from './timeline.js';
import type { SkuView } from './views.js';

const FINAL = new Set(['received', 'cancelled', 'rejected', 'failed']);

const via = (d: Decision): string => (d.channel ? ` via ${d.channel}` : '');
const editText = (d: Extract<Decision, { kind: 'approved' }>): string => {
  if (!d.edit) return '';
  const { drafted: was, approved: now } = d.edit;
  return `, edited from ${was.quantity} × ${money(was.unitPrice)} from ${was.supplier} (${was.poNumber}) to ${now.quantity} × ${money(now.unitPrice)} from ${now.supplier}`;
};
const decisionText = (d: Decision, now: number): string => (d.kind === 'approved'
  ? `approved by ${d.by}${via(d)} up to ${money(d.maxUnitPrice)}${editText(d)} (${ago(d.at, now)})${d.note ? `: ${d.note}` : ''}`
  : `rejected by ${d.by}${via(d)} (${ago(d.at, now)}): ${d.reason}`);

function logLines(log: Turn[]): string[] {
  const toolWidth = Math.max(...log.map((t) => t.tool.length));
  return log.flatMap((t) => [
    `  ${String(t.turn).padStart(3)}  ${t.tool.padEnd(toolWidth)}  ${t.result.padEnd(8)}  ${t.summary}`,
    ...(t.reason ? [`       ${' '.repeat(toolWidth)}  why: ${t.reason}`] : []),
  ]);
}

/** `replenisher show`: stock, agent, the running or last replenishment with its log and timeline. */
export function renderSku(v: SkuView, now: number): string[] {
  const s = v.stock;
  const lines = [
    `SKU ${v.sku}`,
    `  stock     ${s.onHand} on hand, safety ${s.safetyStock}, target ${s.targetLevel}, ${s.onOrder} on order${s.onHand + s.onOrder < s.safetyStock ? '  (below safety stock)' : ''}`,
    v.agent
      ? `  agent     ${v.agent.status}, ${v.agent.replenishments} replenishment${v.agent.replenishments === 1 ? '' : 's'} so far`
      : `  agent     none (start one with: replenisher agents start ${v.sku})`,
  ];
  const r = v.replenishment;
  if (!r) {
    lines.push('', 'No replenishment yet.');
  } else {
    lines.push('', `Replenishment ${r.workflowId}: ${r.phase}${FINAL.has(r.phase) ? ' (finished)' : ''}`);
    if (r.po) lines.push(`  PO        ${r.po.poNumber}: ${r.po.quantity} × ${money(r.po.unitPrice)} from ${r.po.supplier} = ${money(r.po.total)}`);
    if (r.decision) lines.push(`  decision  ${decisionText(r.decision, now)}`);
    if (r.order) lines.push(`  order     placed with ${r.order.supplier} (ref ${r.order.supplierRef}), expected ${when(r.order.expectedDelivery)}`);
    if (r.received) lines.push(`  received  ${r.received}${r.po ? ` of ${r.po.quantity}` : ''}`);
    if (r.waiting) lines.push(`  waiting   ${r.waiting.tool} for ${r.waiting.events.join(' or ')} until ${when(r.waiting.until)} (in ${duration(Date.parse(r.waiting.until) - now)})`);
    if (r.log.length) lines.push('', 'Decision log', ...logLines(r.log));
    const tl = timeline(r.log, { now, waiting: r.waiting });
    if (tl.length) lines.push('', `Timeline  (${TIMELINE_LEGEND})`, ...tl);
    if (r.notes.length) lines.push('', 'Notes', ...r.notes.map((n) => `  ${n}`));
  }
  if (v.pastOutcomes.length) {
    lines.push('', 'Past outcomes', ...v.pastOutcomes.slice(-5).map((o) =>
      `  #${o.replenishment}  ${o.poNumber ?? '-'}  ${o.outcome}: ${o.reason}`));
  }
  return lines;
}
