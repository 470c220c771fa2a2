/**
 * GET /operator: a minimal back-office page (no build step). Every value from the API is put into
 * the DOM with textContent, never innerHTML, so a player-supplied string cannot run as script.
 * The operator token lives in sessionStorage of this origin only (the API host, not the player site).
 */
export const OPERATOR_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Khela Operator</title>
<style>
  [hidden] { display: none !important; }
  body { font-family: system-ui, sans-serif; margin: 0; background: #0f1923; color: #f2f5f7; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; background: #17242f; }
  main { padding: 16px; max-width: 1100px; margin: 0 auto; }
  input, select, button { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid #2c4255; }
  input, select { background: #0f1923; color: #f2f5f7; }
  button { cursor: pointer; background: #1f3040; color: #f2f5f7; min-height: 40px; }
  button.approve { background: #14805e; border-color: #14805e; }
  button.reject { background: #b42318; border-color: #b42318; }
  button:disabled { opacity: .5; cursor: not-allowed; }
  form.login { max-width: 320px; margin: 60px auto; display: grid; gap: 10px; }
  .scroll { overflow-x: auto; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid #2c4255; vertical-align: top; }
  .tag { padding: 2px 8px; border-radius: 999px; font-size: 12px; }
  .s0 { background: #f59e0b; color: #1a1300; } .s1 { background: #22c55e; color: #04220f; } .s2 { background: #f05252; }
  .error { color: #f05252; } .muted { color: #a9b8c4; }
  .toolbar { display: flex; gap: 8px; align-items: center; margin-bottom: 12px; flex-wrap: wrap; }
  img.receipt { max-height: 80px; margin: 2px; border-radius: 4px; }
</style>
</head>
<body>
<header><strong>Khela · Payments operator</strong><span id="who" class="muted"></span></header>
<main>
  <form class="login" id="login" hidden>
    <h1>Operator login</h1>
    <label>Username <input name="username" autocomplete="username" required></label>
    <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
    <button type="submit">Log in</button>
    <p class="error" id="login-error" role="alert"></p>
  </form>
  <section id="app" hidden>
    <div class="toolbar">
      <label>Status <select id="status"><option value="0">Pending</option><option value="1">Approved</option><option value="2">Rejected</option><option value="all">All</option></select></label>
      <label>Type <select id="action"><option value="all">All</option><option value="deposit">Deposit</option><option value="withdraw">Withdrawal</option></select></label>
      <button id="refresh" type="button">Refresh</button>
      <button id="logout" type="button">Log out</button>
      <span id="msg" role="status" class="muted"></span>
    </div>
    <div class="scroll"><table>
      <thead><tr><th>Time</th><th>Player</th><th>Type</th><th>Amount</th><th>Method</th><th>Details</th><th>Status</th><th></th></tr></thead>
      <tbody id="rows"></tbody>
    </table></div>
    <h2>Active turnover</h2>
    <div class="scroll"><table><thead><tr><th>Player</th><th>Deposit</th><th>Required</th><th>Remaining</th><th></th></tr></thead><tbody id="turnovers"></tbody></table></div>
  </section>
</main>
<script>
(function () {
  var KEY = 'khela-operator-token';
  var token = sessionStorage.getItem(KEY);
  var $ = function (id) { return document.getElementById(id); };
  function el(tag, text, cls) { var e = document.createElement(tag); if (text != null) e.textContent = String(text); if (cls) e.className = cls; return e; }
  function api(method, path, body) {
    var headers = { 'accept': 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (data) {
        if (res.status === 401 && path !== '/api/operator/login') { logout(); }
        if (!res.ok) throw new Error(data.message || ('HTTP ' + res.status));
        return data;
      });
    });
  }
  function show(loggedIn) { $('login').hidden = loggedIn; $('app').hidden = !loggedIn; if (loggedIn) load(); }
  function logout() { if (token) api('POST', '/api/operator/logout').catch(function () {}); token = null; sessionStorage.removeItem(KEY); $('who').textContent = ''; show(false); }
  var STATUS = ['Pending', 'Approved', 'Rejected'];
  function receipt(cell, r) {
    fetch('/api/operator/receipts/' + r.id, { headers: { authorization: 'Bearer ' + token } }).then(function (res) { return res.blob(); }).then(function (b) {
      var img = el('img', null, 'receipt'); img.alt = 'Receipt ' + r.id; img.src = URL.createObjectURL(b); cell.appendChild(img);
    });
  }
  function decide(id, verb, row) {
    var note = verb === 'reject' ? (prompt('Reason for rejection (shown to the player)') || '') : '';
    row.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
    api('POST', '/api/operator/transactions/' + id + '/' + verb, note ? { note: note } : {}).then(function (r) {
      $('msg').textContent = r.message + ' #' + id; load();
    }).catch(function (e) { $('msg').textContent = e.message; load(); });
  }
  function load() {
    api('GET', '/api/operator/me').then(function (me) { $('who').textContent = me.username; }).catch(function () {});
    api('GET', '/api/operator/transactions?status=' + $('status').value + '&action=' + $('action').value).then(function (res) {
      var tbody = $('rows'); tbody.textContent = '';
      if (!res.data.length) { var tr = el('tr'); var td = el('td', 'No requests'); td.colSpan = 8; tr.appendChild(td); tbody.appendChild(tr); }
      res.data.forEach(function (t) {
        var tr = el('tr'); tr.dataset.transaction = t.public_id;
        tr.appendChild(el('td', new Date(t.created_at).toLocaleString('en-GB', { timeZone: 'Asia/Dhaka' }) + ' GMT+6'));
        tr.appendChild(el('td', t.username + (t.phone ? ' · ' + t.phone : '')));
        tr.appendChild(el('td', (t.action === 'deposit' ? 'Deposit' : 'Withdrawal') + (t.mode === 'ewallet' ? ' (e-wallet)' : '')));
        tr.appendChild(el('td', t.amount + ' ' + t.currency + (t.bonus !== '0.00' ? ' + bonus ' + t.bonus : '')));
        tr.appendChild(el('td', (t.method_name || 'Agent') + (t.channel ? ' · ' + t.channel : '')));
        var details = el('td');
        details.appendChild(el('div', t.public_id));
        if (t.account_number) details.appendChild(el('div', 'Account: ' + t.account_number));
        if (t.payer_trx_id) details.appendChild(el('div', 'Trx ID: ' + t.payer_trx_id));
        if (t.payer_number) details.appendChild(el('div', 'Sender: ' + t.payer_number));
        if (t.promotion) details.appendChild(el('div', 'Promotion: ' + t.promotion));
        if (t.decision_note) details.appendChild(el('div', 'Note: ' + t.decision_note, 'muted'));
        (t.receipts || []).forEach(function (r) { receipt(details, r); });
        tr.appendChild(details);
        var st = el('td'); st.appendChild(el('span', STATUS[t.status], 'tag s' + t.status)); tr.appendChild(st);
        var actions = el('td');
        if (t.status === 0) {
          var a = el('button', 'Approve', 'approve'); a.type = 'button'; a.onclick = function () { decide(t.id, 'approve', tr); };
          var r = el('button', 'Reject', 'reject'); r.type = 'button'; r.onclick = function () { decide(t.id, 'reject', tr); };
          actions.appendChild(a); actions.appendChild(document.createTextNode(' ')); actions.appendChild(r);
        }
        tr.appendChild(actions);
        tbody.appendChild(tr);
      });
    }).catch(function (e) { $('msg').textContent = e.message; });
    api('GET', '/api/operator/turnovers?status=active').then(function (res) {
      var tbody = $('turnovers'); tbody.textContent = '';
      res.data.forEach(function (w) {
        var tr = el('tr'); tr.dataset.turnover = String(w.id);
        tr.appendChild(el('td', w.username)); tr.appendChild(el('td', w.transaction_id));
        tr.appendChild(el('td', w.required)); tr.appendChild(el('td', w.remaining));
        var td = el('td'); var b = el('button', 'Waive'); b.type = 'button';
        b.onclick = function () {
          var note = prompt('Reason for waiving the turnover'); if (!note) return;
          api('POST', '/api/operator/turnovers/' + w.id + '/waive', { note: note }).then(load).catch(function (e) { $('msg').textContent = e.message; });
        };
        td.appendChild(b); tr.appendChild(td); tbody.appendChild(tr);
      });
    }).catch(function () {});
  }
  $('login').addEventListener('submit', function (e) {
    e.preventDefault();
    var f = e.target;
    $('login-error').textContent = '';
    api('POST', '/api/operator/login', { username: f.username.value, password: f.password.value }).then(function (r) {
      token = r.token; sessionStorage.setItem(KEY, token); show(true);
    }).catch(function (err) { $('login-error').textContent = err.message; });
  });
  $('refresh').onclick = load; $('status').onchange = load; $('action').onchange = load; $('logout').onclick = logout;
  setInterval(function () { if (token && !$('app').hidden) load(); }, 15000);
  show(Boolean(token));
})();
</script>
</body>
</html>
`;
