import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import { askedAboutTwoLines } from '../scenarios/gathering-story.js';
import { story } from '../scenarios/story.js';

const BIN = fileURLToPath(new URL('../../bin/replenisher.js', import.meta.url));

interface Run { code: number | null; stdout: string; stderr: string }

/** The real bin in a child process, as a person or a script runs it. */
function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('REPLENISHER_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * The credentials the stack's manager, suppliers and warehouse hold, when the API asks for them
 * (found on the stack rather than assumed, so these tests run before and after authentication).
 */
function credentials(stack: Stack, supplier: string): Record<string, string | undefined> {
  const s = stack as unknown as { managerToken?: string; security?: { supplierSecrets?: Record<string, string>; warehouseSecret?: string } };
  return {
    REPLENISHER_TOKEN: s.managerToken,
    REPLENISHER_SUPPLIER: supplier,
    REPLENISHER_SUPPLIER_SECRET: s.security?.supplierSecrets?.[supplier],
    REPLENISHER_WAREHOUSE_SECRET: s.security?.warehouseSecret,
  };
}

describe('the replenisher CLI against a running service', () => {
  let stack: Stack;
  let sku: string;
  let po: string;
  let env: Record<string, string | undefined>;
  const run = (...args: string[]) => cli(args, env);

  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
    sku = stack.newSku();
    env = { REPLENISHER_API: stack.apiUrl, ...credentials(stack, 'acme-industrial') };
  });

  it('agents start starts each SKU and prints a line per SKU as it goes', async () => {
    const calm = stack.newSku({ onHand: 80, safetyStock: 20, targetLevel: 100 });
    const res = await run('agents', 'start', sku, calm);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`\\[\\d/2\\] ${sku}  started \\(agent-${sku}\\)`));
    expect(res.stdout).toMatch(new RegExp(`\\[\\d/2\\] ${calm}  started`));
    expect(res.stdout).toContain('2 started, 0 already running, 0 failed');
    const again = await run('agents', 'start', sku);
    expect(again.stdout).toContain(`[1/1] ${sku}  already running`);
  });

  it('agreements lists each blanket agreement a line per SKU, with what remains, and filters by status', async () => {
    const made = await stack.authed('POST', '/agreements', {
      supplier: 'quickparts', validFrom: '2026-01-01', validUntil: '2099-12-31', leadTimeDays: 1, totalValue: 400,
      lines: [{ sku: 'TAPE-50', unitPrice: 2.3, quantity: 150 }, { sku: 'GLOVES-L', unitPrice: 3 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await run('agreements', '--status', 'active');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^AGREEMENT +SUPPLIER +STATUS +APPROVAL +SKU +UNIT USD +QTY LEFT +VALUE LEFT USD +VALID UNTIL +APPROVED BY/);
    expect(res.stdout).toMatch(new RegExp(`${made.body.agreementId} +quickparts +active +once +GLOVES-L +3 +- +400\\.00/400\\.00 +2100-01-01 00:00 UTC +dana`));
    expect(res.stdout).toMatch(/\n +TAPE-50 +2\.3 +150\/150 *\n/);
    expect((await run('agreements', '--status', 'expired')).stdout).toContain('No blanket agreements match.');
  });

  it('approvals lists the purchase order the new agent asks a decision for', async () => {
    const res = await eventually(() => run('approvals'), (r) => r.stdout.includes(`PO-${sku}-1`), 30_000, 'the PO in `approvals`');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^PO +SKU +SUPPLIER +QTY +UNIT USD +TOTAL USD +ON HAND\/SAFETY +ALTERNATIVES +WAITING/);
    expect(res.stdout).toMatch(new RegExp(`PO-${sku}-1 +${sku} +acme-industrial +\\d+ +5\\.10 .* 10/20 +quickparts 6\\.40`));
    po = `PO-${sku}-1`;
  });

  it('show draws the wait for approval running up to now', async () => {
    await story(stack, sku).waitingIn('wait_for_approval');
    const res = await run('show', sku);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Replenishment replenish-${sku}-1: awaiting approval`);
    expect(res.stdout).toMatch(/ +\d+ +wait_for_approval +├?─*▶ +waiting for approval, times out in /);
  });

  it('approve --wait follows the replenishment past approval, and the supplier gets one order', async () => {
    const res = await run('approve', po, '--max-price', '100', '--note', 'fine for this quarter', '--wait');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^${po}: approved( by \\S+)? up to 100\\.00; following replenish-${sku}-1`));
    expect(res.stdout).toMatch(/\+\d.*(ordered|awaiting goods): placed with acme-industrial/);
    expect(await eventually(() => stack.sandbox.orders(sku), (o) => o.length > 0)).toHaveLength(1);
  });

  it('approve --quantity approves with an edit: the agent orders the edited quantity, and show says what was edited', async () => {
    const edited = stack.newSku();
    const s = story(stack, edited);
    const request = await s.parkAtApproval();
    const res = await run('approve', request.poNumber, '--quantity', '50', '--wait');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^${request.poNumber}: approved by \\S+ with edits \\(50 units\\); following replenish-${edited}-1`));
    // The revision the edit drafted is this approval's: --wait follows it until it is ordered.
    expect(res.stdout).toMatch(/ordered: placed with acme-industrial, expected /);
    const [order] = await eventually(() => stack.sandbox.orders(edited), (o) => o.length > 0);
    expect(order).toMatchObject({ poNumber: `${request.poNumber}-R1`, quantity: 50 });
    const shown = await run('show', edited);
    expect(shown.stdout).toMatch(new RegExp(`decision +approved by \\S+ via cli up to 5\\.10, edited from 90 × 5\\.10 from acme-industrial \\(${request.poNumber}\\) to 50 × 5\\.10 from acme-industrial`));
    // The drafted PO number takes no decision any more: the revision replaced it.
    const refused = await run('approve', request.poNumber, '--max-price', '5.10');
    expect(refused.code).toBe(4);
  });

  it('approving the same PO again is a conflict: exit 4 and the reason on stderr', async () => {
    const res = await run('approve', po, '--max-price', '100');
    expect(res.code).toBe(4);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(new RegExp(`^replenisher: .*${po}.*(already|not waiting)`));
  });

  it("a supplier's reply and a goods receipt from the CLI see the order received", async () => {
    const s = story(stack, sku);
    await s.waitingIn('wait_for_supplier_reply');
    const reply = await run('reply', po, '--text', 'Confirmed, delivery in 5 days', '--kind', 'confirmed', '--date', '2030-01-15', '--message-id', 'acme-1');
    expect(reply.code, reply.stderr).toBe(0);
    expect(reply.stdout).toMatch(new RegExp(`^${po}: reply acme-1 delivered to replenish-${sku}-1`));
    await s.waitingIn('wait_for_goods');
    const quantity = (await s.view()).replenishment.po.quantity as number;
    const receipt = await run('receive', po, '--quantity', String(quantity), '--receipt-id', 'GR-1');
    expect(receipt.code, receipt.stderr).toBe(0);
    expect(receipt.stdout).toContain(`${po}: ${quantity} units received, receipt GR-1 delivered`);
    expect((await s.outcome()).outcome).toBe('received');
  });

  it('show prints the decision log and a timeline whose waits end by a message', async () => {
    const res = await run('show', sku);
    expect(res.code, res.stderr).toBe(0);
    const out = res.stdout;
    expect(out).toContain(`Replenishment replenish-${sku}-1: received (finished)`);
    expect(out).toMatch(new RegExp(`PO +${po}: \\d+ × 5\\.10 from acme-industrial`));
    expect(out).toMatch(/decision +approved by \S+ via cli up to 100\.00/);
    expect(out).toMatch(/Decision log\n +1 +get_quotes +ok +/);
    expect(out).toMatch(/ +\d+ +place_order +ok +/);
    expect(out).toMatch(/Timeline .*\n +\+0\.0s +1 +get_quotes +●/);
    for (const wait of ['wait_for_approval', 'wait_for_supplier_reply', 'wait_for_goods']) {
      expect(out).toMatch(new RegExp(`\\+\\S+ +\\d+ +${wait} +[├│][─┤]* +✉ message after \\S+`));
    }
    expect(out).toMatch(/Past outcomes\n +#1 +PO-\S+ +received: /);
  });

  it('cancel stops a running replenishment with the reason, and a second cancel is a conflict', async () => {
    const other = stack.newSku();
    const s = story(stack, other);
    const request = await s.parkAtApproval();
    const res = await run('cancel', request.poNumber, '--reason', 'ordered from a local supplier');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^${request.poNumber}: cancellation by \\S+ \\(delivered to replenish-${other}-1\\)`));
    expect(await s.outcome()).toMatchObject({ outcome: 'cancelled', reason: expect.stringContaining('ordered from a local supplier') });
    expect((await run('cancel', request.poNumber, '--reason', 'again')).code).toBe(4);
  });

  it('repair refuses a run that replays with today\'s code, saying so (the repair itself: test/scenarios/repair.test.ts)', async () => {
    const res = await run('repair', `replenish-${sku}-1`, '--reason', 'just checking');
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(new RegExp(`replenish-${sku}-1 \\(run \\S+\\) replays with today's code; nothing to repair`));
    const bad = await run('repair', 'agent-');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/workflowId/);
  });

  it('agents list shows each SKU with stock, agent, phase and outcomes', async () => {
    const res = await run('agents', 'list');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^SKU +ON HAND\/SAFETY +ON ORDER +AGENT +PHASE +OUTCOMES/);
    expect(res.stdout).toMatch(new RegExp(`${sku} +\\d+/20 +\\d+ +watching +- +received 1`));
  });

  it('--json gives output that parses, for every command that lists or shows', async () => {
    const parsed = async (...args: string[]) => {
      const res = await run(...args, '--json');
      expect(res.code, res.stderr).toBe(0);
      return JSON.parse(res.stdout);
    };
    expect((await parsed('show', sku)).replenishment.log.map((t: { tool: string }) => t.tool)).toContain('place_order');
    expect((await parsed('agents', 'list')).items.find((r: { sku: string }) => r.sku === sku).outcomes).toEqual({ received: 1 });
    expect((await parsed('approvals')).items).toEqual(expect.any(Array));
    expect((await parsed('health')).ok).toBe(true);
    expect(await parsed('agents', 'start', sku)).toEqual([{ sku, ok: true, workflowId: `agent-${sku}`, started: false }]);
  });

  it('an unknown SKU is exit 3 with the API\'s message', async () => {
    const res = await run('show', 'NO-SUCH-SKU');
    expect(res.code).toBe(3);
    expect(res.stderr).toBe('replenisher: unknown SKU NO-SUCH-SKU\n');
    const start = await run('agents', 'start', 'NO-SUCH-SKU');
    expect(start.code).toBe(3);
    expect(start.stderr).toContain('[1/1] NO-SUCH-SKU  failed: unknown SKU NO-SUCH-SKU');
    const json = await run('show', 'NO-SUCH-SKU', '--json');
    expect(JSON.parse(json.stderr)).toMatchObject({ error: 'unknown SKU NO-SUCH-SKU', status: 404, exitCode: 3 });
  });

  it.each([
    [['approve'], /missing <PO> \(or --all\)/, /Usage: replenisher approve <PO> --max-price <n> \| <PO> --quantity <n> --quote <id> \| --all \[options\]/],
    [['approve', 'PO-X-1', '--all'], /give a PO or --all, not both/, /Usage: replenisher approve/],
    [['approve', 'PO-X-1', '--max-price', '1', '--supplier', 'acme'], /--supplier goes with --all/, /Usage: replenisher approve/],
    [['approve', '--all', '--max-total', 'lots'], /--max-total must be a number above 0, not "lots"/, /Usage: replenisher approve/],
    [['approve', 'PO-X-1'], /--max-price is required \(or an edit: --quantity, --quote\)/, /Usage: replenisher approve/],
    [['approve', 'PO-X-1', '--quantity', '2.5'], /--quantity must be a whole number above 0, not "2.5"/, /Usage: replenisher approve/],
    [['approve', '--all', '--quote', 'q-1'], /--quote edits one PO; it does not go with --all/, /Usage: replenisher approve/],
    [['approve', 'PO-X-1', '--max-price', 'cheap'], /--max-price must be a number above 0, not "cheap"/, /Usage: replenisher approve/],
    [['reply', 'PO-X-1', '--text', 'hi', '--kind', 'maybe'], /--kind must be one of confirmed, delayed, price_change, refused, partial/, /Usage: replenisher reply/],
    [['show', 'A', 'B'], /unexpected argument "B"/, /Usage: replenisher show <SKU>/],
    [['show', 'A', '--colour'], /Unknown option '--colour'/, /Usage: replenisher show/],
    [['agents'], /agents needs a subcommand/, /agents start <SKU\.\.\.>/],
    [['frobnicate'], /unknown command "frobnicate"/, /Commands:/],
    [[], /no command given/, /Commands:/],
  ])('bad usage %j is exit 2 with the usage', async (args, message, usage) => {
    const res = await run(...args);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
    expect(res.stderr).toMatch(usage);
  });

  it('--help is exit 0 with the options of the command', async () => {
    const res = await run('approve', '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/--max-price <n> +the highest unit price you accept \(required with a PO, unless you edit it\)/);
    expect(res.stdout).toMatch(/--all +every PO waiting for approval that passes the filters/);
    expect(res.stdout).toMatch(/--wait +follow the replenishment/);
    expect((await run('--help')).stdout).toMatch(/Exit codes: 0 ok, 1 .* 5 unauthorized/);
  });

  it('an API nobody answers at is exit 1 with a hint to start the service', async () => {
    const port = await closedPort();
    const res = await cli(['approvals'], { REPLENISHER_API: `http://127.0.0.1:${port}` });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`replenisher: cannot reach the API at http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(res.stderr).toMatch(/Is the service running\? Start it with `npm start`/);
  });

  it('without credentials a decision is refused: exit 5 with a hint about the token', async () => {
    const res = await cli(['approve', `PO-${sku}-9`, '--max-price', '1'], { REPLENISHER_API: stack.apiUrl });
    expect(res.code).toBe(5);
    expect(res.stderr).toMatch(/^replenisher: .*token/);
    expect(res.stderr).toContain('--token (or REPLENISHER_TOKEN)');
    const starts = await cli(['agents', 'start', stack.newSku(), stack.newSku()], { REPLENISHER_API: stack.apiUrl });
    expect(starts.code).toBe(5);
    expect(starts.stderr.match(/^replenisher: /gm), 'one error, not one per SKU').toHaveLength(1);
    const forged = await cli(['reply', `PO-${sku}-1`, '--text', 'x', '--supplier', 'acme-industrial', '--supplier-secret', 'not-the-secret'], { REPLENISHER_API: stack.apiUrl });
    expect(forged.code).toBe(5);
    expect(forged.stderr).toMatch(/signature/);
  });
});

describe('replenisher approve --all', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
  });

  it('approves, in one request, every waiting PO that passes the filters, each up to its own price, and leaves the rest waiting', async () => {
    const env = { REPLENISHER_API: stack.apiUrl, ...credentials(stack, 'acme-industrial') };
    const acme = [stack.newSku(), stack.newSku()];
    const quick = stack.newSku(undefined, [{ supplier: 'quickparts', basePrice: 6.4, moq: 5, leadTimeDays: 1 }]);
    const requests = await Promise.all([...acme, quick].map((sku) => story(stack, sku).parkAtApproval()));
    const prefix = acme[0]!.split('-')[0]!;

    const dry = await cli(['approve', '--all', '--sku-prefix', prefix, '--supplier', 'acme-industrial', '--max-total', '1000', '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Would approve 2 of 3 waiting:/);
    for (const sku of acme) expect(dry.stdout).toContain(`PO-${sku}-1`);
    expect(dry.stdout).not.toContain(`PO-${quick}-1`);
    expect(await stack.sandbox.orders()).toHaveLength(0);

    const res = await cli(['approve', '--all', '--sku-prefix', prefix, '--supplier', 'acme-industrial', '--max-total', '1000'], env);
    expect(res.code, res.stderr).toBe(0);
    for (const sku of acme) expect(res.stdout).toMatch(new RegExp(`PO-${sku}-1 +approved by dana \\(delivered\\)`));
    expect(res.stdout).toContain('2 of 2 approved.');
    for (const sku of acme) await story(stack, sku).phase('ordered');
    const approved = await Promise.all(acme.map(async (sku) => (await story(stack, sku).view()).replenishment.decision));
    expect(approved.map((d) => d.maxUnitPrice)).toEqual(requests.slice(0, 2).map((r) => r.unitPrice));
    expect((await story(stack, quick).view()).replenishment.phase).toBe('awaiting approval');

    const none = await cli(['approve', '--all', '--supplier', 'acme-industrial'], env);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toMatch(/^None of the 1 purchase orders waiting for approval passes the filters\./);
  }, 120_000);
});

// `approve --all` said "approved by dana" and "2 of 2 approved." of POs that needed a second
// manager's approval: the manager went home thinking them ordered, and they waited until cancelled.
describe('replenisher approve --all where two managers must approve', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile, rules: { twoApprovalsAbove: 1 } });
  });

  it('says which approvals were the first of two, and `approvals` shows who approved so far', async () => {
    const env = { REPLENISHER_API: stack.apiUrl, ...credentials(stack, 'acme-industrial') };
    const skus = [stack.newSku(), stack.newSku()];
    await Promise.all(skus.map((sku) => story(stack, sku).parkAtApproval()));
    const prefix = skus[0]!.split('-')[0]!;

    const res = await cli(['approve', '--all', '--sku-prefix', prefix], env);
    expect(res.code, res.stderr).toBe(0);
    for (const sku of skus) expect(res.stdout).toMatch(new RegExp(`PO-${sku}-1 +approved by dana \\(delivered\\); 1 of 2 approvals: another manager must approve it too`));
    expect(res.stdout).toContain('2 of 2 approved; 2 of them wait for another manager\'s approval.');
    expect(res.stdout).not.toContain('2 of 2 approved.');

    for (const sku of skus) await eventually(() => story(stack, sku).approvalRequest(), (r) => (r as { approvedBy?: string[] }).approvedBy?.includes('dana') === true, 30_000, 'dana\'s approval to be counted');
    const listed = await cli(['approvals'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/APPROVED/);
    for (const sku of skus) expect(listed.stdout).toMatch(new RegExp(`PO-${sku}-1 .* dana 1/2 `));

    const one = await story(stack, stack.newSku()).parkAtApproval();
    const single = await cli(['approve', one.poNumber, '--max-price', String(one.unitPrice)], env);
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).toMatch(new RegExp(`^${one.poNumber}: approved by dana up to .*; 1 of 2 approvals: another manager must approve it too \\(delivered to `));
  }, 120_000);
});

// A price a supplier raised after the order waits in the inbox beside drafted POs: `approvals` showed it
// as a drafted price, and `approve --all` accepted it with the rest, "each up to its own drafted price".
describe('replenisher and a price raised after the order', () => {
  it('approvals says the price was raised, and approve --all leaves it for a decision of its own', async () => {
    const stack = await startStack({ temporal: 'time-skipping', cleanup: afterThisFile, rules: { supplierReplyDays: 7 } });
    const env = { REPLENISHER_API: stack.apiUrl, ...credentials(stack, 'acme-industrial') };
    const s = story(stack, stack.newSku());
    await s.startAgent();
    const request = await s.approvalRequest();
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'dana' })).status).toBe(202);
    await s.phase('ordered');
    expect((await s.reply(request.poNumber, 'raise-1', 'Due to the steel surcharge our unit price for this order is now 5.60; delivery as planned.')).status).toBe(202);
    await eventually(() => s.orders(), (orders) => orders[0]?.chases === 1, 30_000, 'the supplier asked to keep its price');
    await s.waitingIn('wait_for_supplier_reply');
    await stack.env!.sleep('7 days');
    await s.approvalRequest();
    await s.waitingIn('wait_for_approval');

    const listed = await cli(['approvals'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${request.poNumber}: acme-industrial raised its price after the order, from 5.10 to 5.60`);

    const all = await cli(['approve', '--all'], env);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(`Left out ${request.poNumber}: acme-industrial raised its price after the order, from 5.10 to 5.60; decide it on its own (replenisher approve ${request.poNumber} --max-price 5.6, or reject it).`);
    expect(all.stdout).toContain('Nothing else to approve.');
    await s.waitingIn('wait_for_approval');
    expect((await s.view()).replenishment.po.unitPrice).toBe(request.unitPrice);
  }, 120_000);
});

describe('replenisher and a supplier\'s consolidated PO', () => {
  it('approvals shows the consolidated PO with its lines, and approve SPO-… decides it whole; --wait with it is a usage error', async () => {
    const { stack, skus, spo, desk, supplier } = await askedAboutTwoLines();
    const env = { REPLENISHER_API: stack.apiUrl, ...credentials(stack, supplier) };
    const listed = await eventually(() => cli(['approvals'], env), (r) => r.stdout.includes(spo), 30_000, `${spo} in \`approvals\``);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`\\n${spo} +${skus[0]}|\\n${spo} +${skus[1]}`));
    expect(listed.stdout).toMatch(new RegExp(`${spo} +.* +${supplier} +180 +2\\.00 +380\\.00 +- +- +`));
    expect(listed.stdout).toContain(`${spo}: consolidated PO of 2 lines from ${supplier}, decided whole (goods 360.00, freight 20.00, total 380.00 USD; the window opened at `);
    for (const s of skus) expect(listed.stdout).toMatch(new RegExp(`\\n +PO-${s}-1 +${s} +90 +2\\.00 +180\\.00`));

    const waited = await cli(['approve', spo, '--max-price', '2', '--wait'], env);
    expect(waited.code).toBe(2);
    expect(waited.stderr).toContain(`--wait follows one SKU's PO; follow the lines of ${spo} with \`replenisher show <SKU>\``);

    const approved = await cli(['approve', spo, '--max-price', '2', '--note', 'one delivery'], env);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe(`${spo}: approved by dana up to 2.00 (delivered to ${desk.workflowId})\n`);
    const views = await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    for (const v of views) expect(v.replenishment.decision).toMatchObject({ by: 'dana', note: `ordered on ${spo}: one delivery` });
    const again = await cli(['approve', spo, '--max-price', '2'], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(new RegExp(`${spo} has already been (decided|approved and ordered)`));
    await desk.terminate('test over');
  }, 120_000);

  it('approve --all takes the consolidated PO with the rest, up to its dearest line\'s price, when every line passes the filters', async () => {
    const { stack, skus, spo, desk, supplier } = await askedAboutTwoLines();
    const env = { REPLENISHER_API: stack.apiUrl, ...credentials(stack, supplier) };
    await eventually(() => cli(['approvals'], env), (r) => r.stdout.includes(spo), 30_000, `${spo} in \`approvals\``);
    const prefix = skus[0]!.slice(0, skus[0]!.lastIndexOf('-'));
    const none = await cli(['approve', '--all', '--sku-prefix', skus[0]!], env);
    expect(none.stdout).toContain('passes the filters');

    const dry = await cli(['approve', '--all', '--supplier', supplier, '--sku-prefix', prefix.slice(0, 3), '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`${spo} +.* +${supplier} +2\\.00 +380\\.00`));
    const all = await cli(['approve', '--all', '--supplier', supplier], env);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(new RegExp(`${spo} +approved by dana \\(delivered\\)`));
    expect(all.stdout).toContain('1 of 1 approved.');
    await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    await desk.terminate('test over');
  }, 120_000);
});

