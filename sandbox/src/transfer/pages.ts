import { LIVE_SELECTIONS, SPORTS_EVENTS, type Fault, type PlaySession, type Vendor } from './engine';

/* The transfer provider's pages: the player's game (a sportsbook or a live table, served into the operator's
 * game frame) and the sandbox's control page. Self-contained HTML; the server decides every balance. */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXT = {
  en: {
    balance: 'Balance',
    stake: 'Stake',
    bet: 'Place bet',
    placed: 'Bet placed',
    bets: 'My bets',
    open: 'Open',
    won: 'Won',
    lost: 'Lost',
    choose: 'Choose a selection',
    note: 'Sandbox transfer-wallet provider · your money here is held in this provider’s wallet',
  },
  bn: {
    balance: 'ব্যালেন্স',
    stake: 'বাজি',
    bet: 'বাজি ধরুন',
    placed: 'বাজি ধরা হয়েছে',
    bets: 'আমার বাজি',
    open: 'চলমান',
    won: 'জিতেছে',
    lost: 'হেরেছে',
    choose: 'একটি নির্বাচন বেছে নিন',
    note: 'স্যান্ডবক্স ট্রান্সফার-ওয়ালেট প্রোভাইডার · এখানে আপনার টাকা এই প্রোভাইডারের ওয়ালেটে রাখা আছে',
  },
};

const SIGN = (currency: string) => (currency === 'BDT' ? '৳' : currency === 'INR' ? '₹' : 'Rs ');

export function playPage(s: PlaySession, vendor: Vendor): string {
  const t = TEXT[s.lang === 'bn' ? 'bn' : 'en'];
  const groups =
    vendor.kind === 'live'
      ? [{ name: 'Live Baccarat · Table 1', selections: LIVE_SELECTIONS }]
      : SPORTS_EVENTS.map((e) => ({ name: e.name, selections: e.selections }));
  const rows = groups
    .map(
      (g) =>
        `<section><h2>${esc(g.name)}</h2><div class="sels">${g.selections
          .map(
            (x) =>
              `<button type="button" class="sel" data-sel="${esc(x.name)}" aria-pressed="false">${esc(x.name)} <b>${esc(x.odds)}</b></button>`,
          )
          .join('')}</div></section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${s.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(vendor.name)}</title>
<style>
  @font-face{font-family:'Noto Sans Bengali';src:url('./assets/bengali.ttf') format('truetype');font-display:swap;unicode-range:U+0980-09FF,U+200C-200D,U+25CC}
  *{box-sizing:border-box} body{margin:0;font-family:"Hind Siliguri","Noto Sans Bengali",system-ui,sans-serif;background:#0d2818;color:#eafff0}
  main{max-width:520px;margin:0 auto;padding:12px;display:flex;flex-direction:column;gap:10px}
  header{display:flex;justify-content:space-between;align-items:center} h1{font-size:18px;margin:0} h2{font-size:14px;margin:6px 0}
  .bal{font-weight:700;color:#ffd84d} .muted{color:#9fc9ad;font-size:12px}
  .sels{display:flex;gap:6px;flex-wrap:wrap} .sel{flex:1 0 30%;padding:10px;border-radius:8px;border:1px solid #2f6b45;background:#143d25;color:#fff;font:inherit}
  .sel[aria-pressed=true]{background:#ffd84d;color:#1d1000}
  input{width:100%;padding:10px;border-radius:8px;border:1px solid #2f6b45;background:#143d25;color:#fff;font:inherit}
  .big{width:100%;padding:14px;border:0;border-radius:10px;font-size:18px;font-weight:800;background:#ffd84d;color:#2a1600}
  .msg{min-height:20px;font-weight:700} .err{color:#ff9a9a}
  table{width:100%;font-size:13px;border-collapse:collapse} td{padding:4px;border-bottom:1px solid #1e4d31}
</style></head><body><main>
<header><h1 data-testid="tw-title">${esc(vendor.name)}</h1><span>${t.balance}: <span class="bal" data-testid="tw-balance" id="bal">…</span></span></header>
${rows}
<label>${t.stake}<input id="stake" data-testid="tw-stake" inputmode="decimal" value="100"></label>
<button class="big" id="bet" data-testid="tw-bet">${t.bet}</button>
<div class="msg" id="msg" data-testid="tw-message" aria-live="polite"></div>
<div class="muted">${t.bets}</div><table><tbody id="bets" data-testid="tw-bets"></tbody></table>
<p class="muted">${t.note}</p>
</main><script>
const SID=${JSON.stringify(s.id)}, CUR=${JSON.stringify(SIGN(s.currency))}, T=${JSON.stringify(t)};
const $=(id)=>document.getElementById(id); let sel=null;
const money=(v)=>CUR+Number(v).toLocaleString('en-IN',{minimumFractionDigits:2,maximumFractionDigits:2});
document.querySelectorAll('.sel').forEach(b=>b.addEventListener('click',()=>{sel=b.dataset.sel;document.querySelectorAll('.sel').forEach(x=>x.setAttribute('aria-pressed',String(x===b)));}));
async function load(){const r=await fetch('./session/'+encodeURIComponent(SID));if(!r.ok)return;const j=await r.json();$('bal').textContent=money(j.balance);
  $('bets').innerHTML='';for(const b of j.bets){const tr=document.createElement('tr');tr.innerHTML='<td></td><td></td><td></td>';tr.children[0].textContent=b.selection+' @ '+b.odds;tr.children[1].textContent=money(b.stake);tr.children[2].textContent=T[b.state]+(b.state==='won'?' '+money(b.win):'');$('bets').append(tr);}}
$('bet').addEventListener('click',async()=>{ if(!sel){$('msg').textContent=T.choose;$('msg').className='msg err';return;}
  const r=await fetch('./session/'+encodeURIComponent(SID)+'/bet',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({selection:sel,stake:$('stake').value})});
  const j=await r.json().catch(()=>({message:'Network error'})); if(!r.ok){$('msg').textContent=j.message;$('msg').className='msg err';return;}
  $('msg').textContent=T.placed;$('msg').className='msg';load();});
load(); setInterval(load,3000);
</script></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Game</title><body style="font-family:system-ui;background:#0d2818;color:#fff;padding:24px"><p data-testid="tw-error">${esc(message)}</p></body>`;
}

export function controlPage(state: {
  wallets: Array<{ vendor: string; user: string; currency: string; balance: string }>;
  transfers: Array<{ transfer_id: string; vendor: string; user: string; direction: string; amount: string; state: string; at: string }>;
  bets: Array<{ bet_id: string; vendor: string; user: string; selection: string; stake: string; state: string; win: string }>;
  faults: Record<string, Fault>;
}): string {
  const table = (head: string[], rows: string[][]) =>
    `<table border="1" cellpadding="4"><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
      .join('')}</table>`;
  return `<!doctype html><meta charset="utf-8"><title>Transfer-wallet provider</title><body style="font-family:system-ui">
<h1>Transfer-wallet provider (sandbox)</h1>
<p>Control API: POST ./control/fault, ./control/settle, ./control/adjust, ./control/reset (see sandbox/src/transfer/README.md).</p>
<h2>Faults</h2><pre>${esc(JSON.stringify(state.faults, null, 2))}</pre>
<h2>Wallets</h2>${table(
    ['vendor', 'user', 'currency', 'balance'],
    state.wallets.map((w) => [w.vendor, w.user, w.currency, w.balance]),
  )}
<h2>Transfers</h2>${table(
    ['id', 'vendor', 'user', 'direction', 'amount', 'state', 'at'],
    state.transfers
      .slice(-100)
      .reverse()
      .map((t) => [t.transfer_id, t.vendor, t.user, t.direction, t.amount, t.state, t.at]),
  )}
<h2>Bets</h2>${table(
    ['id', 'vendor', 'user', 'selection', 'stake', 'state', 'win'],
    state.bets.slice(0, 100).map((b) => [b.bet_id, b.vendor, b.user, b.selection, b.stake, b.state, b.win]),
  )}
</body>`;
}
