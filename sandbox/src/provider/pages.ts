import { BET_CHOICES_MINOR, CRASH_GROWTH, SLOT_SYMBOLS, fromMinor, type RoundLogEntry, type Session } from './engine';

/* The provider's game pages, served into the operator's sandboxed iframe. Self-contained HTML: the
 * browser only draws; stakes, reels and crash points are decided by the provider's server. */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXT = {
  en: {
    balance: 'Balance',
    stake: 'Stake',
    spin: 'SPIN',
    spinning: 'Spinning...',
    win: 'You won',
    noWin: 'No win this time',
    start: 'BET',
    cashout: 'CASH OUT',
    crashed: 'Crashed at',
    cashedOut: 'Cashed out at',
    auto: 'Auto cash-out (optional)',
    waiting: 'Place a bet to start the rocket',
    history: 'Last rounds',
    paytable: 'Pays: three of a kind on the line, or 1.8x for two on reels 1 and 2',
    demo: 'Sandbox provider · outcomes from the server',
  },
  bn: {
    balance: 'ব্যালেন্স',
    stake: 'বাজি',
    spin: 'স্পিন',
    spinning: 'ঘুরছে...',
    win: 'আপনি জিতেছেন',
    noWin: 'এবার জেতা হয়নি',
    start: 'বাজি ধরুন',
    cashout: 'ক্যাশ আউট',
    crashed: 'ক্র্যাশ হয়েছে',
    cashedOut: 'ক্যাশ আউট হয়েছে',
    auto: 'অটো ক্যাশ-আউট (ঐচ্ছিক)',
    waiting: 'রকেট চালু করতে বাজি ধরুন',
    history: 'সাম্প্রতিক রাউন্ড',
    paytable: 'লাইনে একই তিনটি, অথবা রিল ১ ও ২-এ একই দুটি হলে ১.৮ গুণ',
    demo: 'স্যান্ডবক্স প্রোভাইডার · ফলাফল সার্ভার থেকে',
  },
};
type Texts = (typeof TEXT)['en'];

const SYMBOL_FMT = (currency: string) => (currency === 'BDT' ? '৳' : currency === 'INR' ? '₹' : 'Rs ');

function shell(title: string, body: string, script: string, lang: string) {
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  @font-face{font-family:'Noto Sans Bengali';src:url('./assets/bengali.ttf') format('truetype');font-display:swap;unicode-range:U+0980-09FF,U+200C-200D,U+25CC}
  *{box-sizing:border-box} button,input{font-family:inherit} body{margin:0;font-family:"Hind Siliguri","Noto Sans Bengali",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#12081f;color:#f4ecff;min-height:100vh}
  main{max-width:480px;margin:0 auto;padding:14px;display:flex;flex-direction:column;gap:12px}
  header{display:flex;justify-content:space-between;align-items:center} h1{font-size:18px;margin:0}
  .bal{font-weight:700;color:#ffd84d} .muted{color:#b9a7d6;font-size:12px}
  .stakes{display:flex;flex-wrap:wrap;gap:6px} .stakes button{flex:1 0 28%;padding:10px;border-radius:10px;border:1px solid #5b3f8a;background:#23123a;color:#fff;font:inherit}
  .stakes button[aria-pressed=true]{background:#ffd84d;color:#1d1000;border-color:#ffd84d;font-weight:700}
  .big{width:100%;padding:16px;border:0;border-radius:14px;font-size:20px;font-weight:800;background:linear-gradient(#ffe46b,#f0a800);color:#2a1600;cursor:pointer}
  .big:disabled{opacity:.55;cursor:wait}
  .reels{display:flex;justify-content:center;gap:10px;background:#0a0414;border-radius:16px;padding:18px;border:2px solid #5b3f8a}
  .reel{width:84px;height:96px;border-radius:12px;background:#fff;color:#000;font-size:58px;font-weight:800;display:flex;align-items:center;justify-content:center}
  .reel.spin{animation:blur .12s linear infinite} @keyframes blur{0%{transform:translateY(-4px)}50%{transform:translateY(4px)}100%{transform:translateY(-4px)}}
  .result{min-height:24px;text-align:center;font-weight:700} .result.win{color:#5dff9b} .result.err{color:#ff8a8a}
  ol{margin:0;padding-left:20px;font-size:13px;color:#d8c9f2}
  .sky{position:relative;height:190px;border-radius:16px;background:radial-gradient(circle at 50% 120%,#3d1f6e,#0a0414);overflow:hidden;display:flex;align-items:center;justify-content:center;border:2px solid #5b3f8a}
  .mult{font-size:54px;font-weight:900} .mult.crashed{color:#ff5b5b} .mult.out{color:#5dff9b}
  .rocket{position:absolute;bottom:10px;left:10px;font-size:32px;transition:transform .1s linear}
  label{font-size:13px} input{width:100%;padding:10px;border-radius:10px;border:1px solid #5b3f8a;background:#23123a;color:#fff;font:inherit}
</style></head><body><main>${body}</main><script>${script}</script></body></html>`;
}

function common(s: Session, t: Texts) {
  const stakes = BET_CHOICES_MINOR.map(
    (m, i) => `<button type="button" data-stake="${fromMinor(m)}" aria-pressed="${i === 2}">${SYMBOL_FMT(s.currency)}${m / 100}</button>`,
  ).join('');
  return {
    header: `<header><h1>${esc(s.gameName)}</h1><span>${t.balance}: <span class="bal" data-testid="game-balance" id="bal"></span></span></header>`,
    stakes: `<div><div class="muted">${t.stake}</div><div class="stakes" id="stakes" data-testid="stakes">${stakes}</div></div>`,
    footer: `<div><div class="muted">${t.history}</div><ol id="hist" data-testid="game-history"></ol></div><p class="muted">${t.demo}</p>`,
    script: `
const SID=${JSON.stringify(s.id)}, CUR=${JSON.stringify(SYMBOL_FMT(s.currency))}, T=${JSON.stringify(t)};
let balance=${JSON.stringify(fromMinor(s.balanceMinor))}, stake=${JSON.stringify(fromMinor(BET_CHOICES_MINOR[2]!))};
const $=(id)=>document.getElementById(id);
const money=(v)=>CUR+Number(v).toLocaleString('en-IN',{minimumFractionDigits:2,maximumFractionDigits:2});
const showBal=()=>{$('bal').textContent=money(balance)}; showBal();
$('stakes').addEventListener('click',(e)=>{const b=e.target.closest('button');if(!b)return;stake=b.dataset.stake;
  for(const x of $('stakes').children)x.setAttribute('aria-pressed',String(x===b));});
const api=async(path,body)=>{const r=await fetch('./api/sessions/'+SID+path,{method:body?'POST':'GET',headers:body?{'content-type':'application/json'}:{},body:body?JSON.stringify(body):undefined});
  const j=await r.json().catch(()=>({message:'Network error'})); if(!r.ok)throw Object.assign(new Error(j.message||'Error'),{data:j}); return j;};
const hist=(text)=>{const li=document.createElement('li');li.textContent=text;$('hist').prepend(li);while($('hist').children.length>8)$('hist').lastChild.remove();};
`,
  };
}

export function slotPage(s: Session): string {
  const t = TEXT[s.lang === 'bn' ? 'bn' : 'en'];
  const c = common(s, t);
  const body = `${c.header}
<div class="reels" data-testid="slot-reels">${[0, 1, 2].map((i) => `<div class="reel" id="reel${i}" style="color:${SLOT_SYMBOLS[i]!.color}">${SLOT_SYMBOLS[i]!.glyph}</div>`).join('')}</div>
<div class="result" id="result" data-testid="slot-result" aria-live="polite"></div>
${c.stakes}
<button class="big" id="spin" data-testid="slot-spin">${t.spin}</button>
<p class="muted">${t.paytable}</p>
${c.footer}`;
  const script = `${c.script}
const SYMS=${JSON.stringify(SLOT_SYMBOLS.map((x) => ({ glyph: x.glyph, color: x.color })))};
let rounds=0;
$('spin').addEventListener('click',async()=>{
  const btn=$('spin'); btn.disabled=true; btn.textContent=T.spinning; $('result').textContent=''; $('result').className='result';
  const reels=[0,1,2].map(i=>$('reel'+i)); reels.forEach(r=>r.classList.add('spin'));
  const tick=setInterval(()=>reels.forEach(r=>{const x=SYMS[Math.floor(Math.random()*SYMS.length)];r.textContent=x.glyph;r.style.color=x.color}),80);
  try{
    const [res]=await Promise.all([api('/spin',{bet:stake}),new Promise(r=>setTimeout(r,600))]);
    clearInterval(tick); reels.forEach((r,i)=>{r.classList.remove('spin');r.textContent=res.reels[i].glyph;r.style.color=res.reels[i].color});
    balance=res.balance; showBal(); rounds++;
    const won=Number(res.win)>0;
    $('result').textContent=won?T.win+' '+money(res.win):T.noWin; $('result').className='result'+(won?' win':'');
    hist('#'+rounds+' '+money(res.bet)+' → '+money(res.win));
    document.body.dataset.rounds=String(rounds);
  }catch(e){clearInterval(tick);reels.forEach(r=>r.classList.remove('spin'));$('result').textContent=e.message;$('result').className='result err';
    if(e.data&&e.data.balance){balance=e.data.balance;showBal();}}
  finally{btn.disabled=false;btn.textContent=T.spin;}
});`;
  return shell(s.gameName, body, script, s.lang);
}

export function crashPage(s: Session): string {
  const t = TEXT[s.lang === 'bn' ? 'bn' : 'en'];
  const c = common(s, t);
  const body = `${c.header}
<div class="sky"><div class="mult" id="mult" data-testid="crash-multiplier">1.00x</div><div class="rocket" id="rocket">▲</div></div>
<div class="result" id="result" data-testid="crash-result" aria-live="polite">${t.waiting}</div>
${c.stakes}
<div><label for="auto">${t.auto}</label><input id="auto" inputmode="decimal" placeholder="2.00" data-testid="crash-auto"></div>
<button class="big" id="go" data-testid="crash-bet">${t.start}</button>
${c.footer}`;
  const script = `${c.script}
const GROWTH=${CRASH_GROWTH};
let round=null, started=0, poll=null, rounds=0;
const btn=$('go');
const draw=(m,cls)=>{$('mult').textContent=m.toFixed(2)+'x';$('mult').className='mult'+(cls?' '+cls:'');
  const p=Math.min(1,Math.log(m)/Math.log(10));$('rocket').style.transform='translate('+(p*260)+'px,'+(-p*140)+'px)';};
const finish=(st)=>{clearInterval(poll);poll=null;round=null;balance=st.balance;showBal();rounds++;document.body.dataset.rounds=String(rounds);
  const won=Number(st.win)>0; draw(st.multiplier,won?'out':'crashed');
  $('result').textContent=won?T.cashedOut+' '+st.multiplier.toFixed(2)+'x · '+T.win+' '+money(st.win):T.crashed+' '+Number(st.crash_point).toFixed(2)+'x';
  $('result').className='result'+(won?' win':' err'); hist('#'+rounds+' '+money(st.bet)+' → '+money(st.win));
  btn.textContent=T.start; btn.disabled=false;};
// a round is finished once: a poll sent before the last one's answer was read (a busy phone), or a cash-out beside a
// poll, answers "settled" too, and is ignored once the round is no longer the one in play
const check=async()=>{if(!round)return; const id=round; const st=await api('/crash/'+id); if(round!==id)return; if(st.settled)finish(st); else if(st.crashed){draw(st.multiplier,'crashed');}};
btn.addEventListener('click',async()=>{
  if(round){btn.disabled=true; const id=round; try{const st=await api('/crash/'+id+'/cashout',{}); if(round===id&&st.settled)finish(st);}catch(e){$('result').textContent=e.message;} return;}
  btn.disabled=true; $('result').className='result'; $('result').textContent='';
  const auto=$('auto').value.trim();
  try{
    const r=await api('/crash/start',{bet:stake,auto_cashout:auto?Number(auto):null});
    round=r.round; started=performance.now(); balance=r.balance; showBal(); btn.textContent=T.cashout; btn.disabled=false;
    const anim=()=>{if(!round)return; const m=Math.floor(100*Math.exp(GROWTH*(performance.now()-started)/1000))/100; if(!$('mult').classList.contains('crashed'))draw(m); requestAnimationFrame(anim);};
    requestAnimationFrame(anim); poll=setInterval(()=>void check().catch(()=>{}),250);
  }catch(e){$('result').textContent=e.message;$('result').className='result err';btn.disabled=false;if(e.data&&e.data.balance){balance=e.data.balance;showBal();}}
});`;
  return shell(s.gameName, body, script, s.lang);
}

export function errorPage(message: string, code: string): string {
  return shell(
    'Game unavailable',
    `<h1>Game unavailable</h1><p data-testid="game-error">${esc(message)}</p><p class="muted">${esc(code)}</p>`,
    '',
    'en',
  );
}

export function logPage(rounds: RoundLogEntry[]): string {
  const rows = rounds
    .slice(-100)
    .reverse()
    .map(
      (r) =>
        `<tr><td>${esc(r.started_at)}</td><td>${esc(r.round)}</td><td>${esc(r.user)}</td><td>${esc(r.game_code)}</td><td>${esc(r.bet)}</td><td>${esc(r.win)}</td><td>${esc(r.status)}</td></tr>`,
    )
    .join('');
  return shell(
    'Sandbox game provider',
    `<h1>Sandbox game provider</h1><p class="muted">Round log (newest first). JSON: <a style="color:#ffd84d" href="./rounds">./rounds</a></p>
<table style="font-size:12px;border-collapse:collapse" border="1" cellpadding="4"><tr><th>Started</th><th>Round</th><th>User</th><th>Game</th><th>Bet</th><th>Win</th><th>Status</th></tr>${rows}</table>`,
    '',
    'en',
  );
}
