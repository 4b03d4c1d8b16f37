import { describe, expect, it } from 'vitest';
import {
  agentId, decideActivityId, isAgentId, isSku, parseActivityId, parsePoNumber, parseReplenishmentId, parseSpoNumber, parseSupplierDeskId, poNumber,
  replenishmentId, replenishmentIdOfPo, skuOfPo, spoNumber, supplierDeskId, supplierDeskIdOfSpo, toolActivityId,
} from '../../src/domain/ids.js';
import { TOOL_NAMES } from '../../src/tools/index.js';

// SKUs that look like the ids' own tails: dashes, digits, dots and a trailing -R<k>.
const skus = ['SKU-100', 'WASHER-M8', 'A', 'a.b_c-9', 'X-1-2', 'BOLT-R2', '9-R1-3', 'x'.repeat(64)];

describe('supplier desks and consolidated POs', () => {
  it.each(['quickparts', 'acme-industrial', 'a', 'x.y_z', 'q-1-2', 'ops@acme', 'b+c'])('%s: its desk id and SPO numbers parse back to it', (supplier) => {
    expect(parseSupplierDeskId(supplierDeskId(supplier))).toBe(supplier);
    expect(parseSpoNumber(spoNumber(supplier, 12))).toEqual({ supplier, k: 12 });
    expect(supplierDeskIdOfSpo(spoNumber(supplier, 12))).toBe(supplierDeskId(supplier));
  });

  it('read as people know them, and never as a line\'s PO number', () => {
    expect(supplierDeskId('quickparts')).toBe('supplier-quickparts');
    expect(spoNumber('quickparts', 3)).toBe('SPO-quickparts-3');
    expect(parsePoNumber('SPO-quickparts-3')).toBeNull();
    expect(parseSpoNumber('PO-quickparts-3')).toBeNull();
  });

  it.each(['SPO-', 'SPO-quickparts', 'SPO-quickparts-', 'SPO--1', 'SPO-quick parts-1', 'spo-q-1', 'SPO-q-1x', 'SPO-q-R1'])('%j is not an SPO number', (spo) => {
    expect(parseSpoNumber(spo)).toBeNull();
    expect(() => supplierDeskIdOfSpo(spo)).toThrow(/not a consolidated PO number/);
  });
});

describe('ids', () => {
  it.each(skus)('%s: every id built for it parses back to it', (sku) => {
    expect(isSku(sku)).toBe(true);
    expect(isAgentId(agentId(sku))).toBe(true);
    expect(parseReplenishmentId(replenishmentId(sku, 7))).toEqual({ sku, n: 7 });
    for (const revision of [0, 1, 12]) {
      const po = poNumber(sku, 7, revision);
      expect(parsePoNumber(po)).toEqual({ sku, n: 7, revision });
      expect(skuOfPo(po)).toBe(sku);
      expect(replenishmentIdOfPo(po)).toBe(replenishmentId(sku, 7));
    }
  });

  it('ids read as the workflow ids and PO numbers people already know', () => {
    expect(agentId('SKU-100')).toBe('agent-SKU-100');
    expect(replenishmentId('SKU-100', 4)).toBe('replenish-SKU-100-4');
    expect(poNumber('SKU-100', 4)).toBe('PO-SKU-100-4');
    expect(poNumber('SKU-100', 4, 1)).toBe('PO-SKU-100-4-R1');
    expect(replenishmentIdOfPo('PO-SKU-100-4-R3')).toBe('replenish-SKU-100-4');
  });

  it.each([
    '', '-SKU', '.SKU', 'SK U', 'SKU/1', "SKU'1", 'SKU"1', 'x'.repeat(65), 'ÄBC',
  ])('%j is not a SKU', (s) => expect(isSku(s)).toBe(false));

  it.each([
    'PO-', 'PO-SKU', 'PO-SKU-', 'PO-SKU-x', 'PO-SKU-1-R', 'PO-SKU-1-r1', 'PO-SKU-1-R1-R2x', 'po-SKU-1', 'PO--1', 'XPO-SKU-1', 'PO-SKU-1 ',
  ])('%j is not a PO number', (po) => {
    expect(parsePoNumber(po)).toBeNull();
    expect(() => skuOfPo(po)).toThrow(/not a PO number/);
  });

  it.each(['replenish-', 'replenish-SKU', 'replenish-SKU-', 'replenish-SKU-1-R1', 'replenish--1', 'agent-SKU-1'])(
    '%j is not a replenishment id', (id) => expect(parseReplenishmentId(id)).toBeNull());

  it('an agent id is agent- and a SKU', () => {
    expect(isAgentId('agent-')).toBe(false);
    expect(isAgentId('replenish-SKU-1')).toBe(false);
  });

  it('an activity id names its turn: decide-<turn> asks the decider, <tool>-<turn> runs the tool', () => {
    expect(decideActivityId(3)).toBe('decide-3');
    expect(parseActivityId(decideActivityId(3))).toEqual({ kind: 'decide', turn: 3 });
    for (const name of [...TOOL_NAMES, 'hand_over']) {
      expect(parseActivityId(toolActivityId(name, 12))).toEqual({ kind: 'tool', name, turn: 12 });
    }
    expect(toolActivityId('place_order', 5)).toBe('place_order-5');
  });

  it('an activity id without a turn still names its activity', () => {
    expect(parseActivityId('decide')).toEqual({ kind: 'decide', turn: null });
    expect(parseActivityId('7')).toEqual({ kind: 'tool', name: '7', turn: null });
  });
});
