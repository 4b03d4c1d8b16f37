// The PO's unit of measure, as far as the readers convert a bigger measure of it: a tonne of an
// order in kilograms, a hundred metres or a kilometre of one in metres.

const FAMILIES: Array<[RegExp, 'weight' | 'length']> = [
  [/^(?:kg|kgs|kilos?|kilograms?|kilogrammes?)$/i, 'weight'],
  [/^(?:m|mtrs?|metres?|meters?|lm)$/i, 'length'],
];

/** Whether the PO counts a weight, a length, or anything else (pieces, packs, litres). */
export const unitFamily = (unit: string): 'weight' | 'length' | 'count' => FAMILIES.find(([re]) => re.test(unit.trim()))?.[1] ?? 'count';
