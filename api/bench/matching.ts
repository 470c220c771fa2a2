// Benchmark: in-process matching rate of the exchange engine (api/src/exchange/engine), no database, no HTTP.
// Random orders around a moving mid on a 3-runner Match Odds market, with feed liquidity refreshed and some
// cancels, like a busy in-play market. Prints orders/s; asserts nothing. Not part of any test script.
// Run: pnpm --filter api exec tsx bench/matching.ts   (BENCH_ORDERS=200000 by default)
import { PRICE_LADDER, priceIndex } from '@khela/contracts';
import { MatchOddsBook, type Side } from '../src/exchange/engine/order-book';

const N = Number(process.env.BENCH_ORDERS ?? 200_000);
const RUNNERS = ['A', 'B', 'C'];

let seed = 12345;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return (seed >>> 8) % n;
};

type Op =
  | { kind: 'place'; playerId: string; runnerId: string; side: Side; price: number; stake: number }
  | { kind: 'cancel'; back: number }
  | { kind: 'feed'; runnerId: string; mid: number };

function ops(): Op[] {
  const mids = [priceIndex(200), priceIndex(300), priceIndex(600)];
  const out: Op[] = [];
  for (let i = 0; i < N; i++) {
    const ri = rnd(3);
    if (i % 200 === 0) {
      mids[ri] = Math.min(340, Math.max(10, mids[ri]! + rnd(3) - 1));
      out.push({ kind: 'feed', runnerId: RUNNERS[ri]!, mid: mids[ri]! });
    }
    if (rnd(10) === 0) out.push({ kind: 'cancel', back: 1 + rnd(50) });
    out.push({
      kind: 'place',
      playerId: `p${rnd(1000)}`,
      runnerId: RUNNERS[ri]!,
      side: rnd(2) ? 'BACK' : 'LAY',
      price: PRICE_LADDER[mids[ri]! + rnd(11) - 5]!,
      stake: 100 * (1 + rnd(500)),
    });
  }
  return out;
}

function run(list: Op[]) {
  const m = new MatchOddsBook('bench', RUNNERS);
  const ids: string[] = [];
  let placed = 0;
  let fills = 0;
  const t0 = performance.now();
  for (const op of list) {
    if (op.kind === 'place') {
      const r = m.place(op);
      ids.push(r.order.id);
      fills += r.fills.length;
      placed++;
    } else if (op.kind === 'cancel') {
      const id = ids[ids.length - op.back];
      if (id) m.cancel(id);
    } else {
      const mid = op.mid;
      fills += m.setHouseLiquidity(op.runnerId, {
        availableToBack: [0, 1, 2].map((k) => [PRICE_LADDER[mid - k]!, 50_000] as const),
        availableToLay: [1, 2, 3].map((k) => [PRICE_LADDER[mid + k]!, 50_000] as const),
      }).length;
    }
  }
  const ms = performance.now() - t0;
  return { ms, placed, fills, open: m.openOrders().length };
}

const list = ops();
run(list.slice(0, 20_000)); // warm up
const r = run(list);
console.log(
  `matching: ${r.placed} orders in ${r.ms.toFixed(0)} ms = ${Math.round((r.placed / r.ms) * 1000).toLocaleString('en')} orders/s ` +
    `(${r.fills} fills, ${r.open} orders resting at the end; target >= 50,000 orders/s)`,
);
