// What the page holds between refreshes: the manager's token key, the poll period and the views' state.

export const TOKEN_KEY = 'replenisher.managerToken';
export const POLL_MS = 2000;
/** SKUs per page of the table: each shown SKU costs the API one query of its agent per refresh. */
export const SKU_PAGE = 100;

export const state = {
  config: { temporalUiUrl: 'http://localhost:8233', namespace: 'default' },
  /** SKU whose replenishment is shown, and the run picked (null: the current or last one). */
  selected: null,
  run: null,
  cards: new Map(),
  busy: new Set(),
  keys: new Map(),
  svgOf: null,
  svgText: '',
  pollErrors: false,
  /** Cursors of the SKU pages walked so far (`after` of each); the last is the page shown. */
  skuPages: [null],
  skuNext: null,
  bulkBusy: false,
  /** Refreshes every view at once; app.js sets it, a decision calls it. */
  refresh: () => Promise.resolve(),
};
