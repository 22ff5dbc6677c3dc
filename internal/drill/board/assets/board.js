'use strict';
// The board's page: the token comes from the page's own URL (it is never
// in the HTML) and goes on every request; the view arrives by server-sent
// events; every value is put in with textContent, never as markup.
(function () {
  const token = new URLSearchParams(location.search).get('token') || '';
  const q = '?token=' + encodeURIComponent(token);
  const main = document.getElementById('drills');
  const conn = document.getElementById('conn');
  const notes = {}; // run id -> the last next-fault message
  let view = null;

  function el(tag, cls, text, attrs) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }
  function svg(tag, attrs, text) {
    const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function hms(d) {
    return new Date(d).toLocaleTimeString([], {hour12: false});
  }
  function dur(ms) {
    const neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
    const t = Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
    return neg ? '-' + t : t;
  }
  function section(title, cls) {
    const s = el('section', 'box ' + (cls || ''));
    s.appendChild(el('h3', '', title));
    return s;
  }

  function timer(d) {
    const now = Date.now(), start = Date.parse(d.started), end = Date.parse(d.deadline);
    const left = end - now, frac = (now - start) / Math.max(end - start, 1);
    const t = el('div', 'timer', null, {'data-timer': d.run_id});
    t.dataset.state = left <= 0 ? 'over' : frac >= 0.8 ? 'late' : 'ok';
    t.appendChild(el('span', 'left', left > 0 ? dur(left) + ' left' : 'time is up'));
    t.appendChild(el('span', 'used', dur(now - start) + ' of ' + dur(end - start) + ' used'));
    const bar = el('div', 'bar');
    const fill = el('div', 'fill');
    fill.style.width = Math.min(100, Math.max(0, frac * 100)).toFixed(1) + '%';
    bar.appendChild(fill);
    t.appendChild(bar);
    return t;
  }

  function tasks(d) {
    const s = section('Tasks');
    const ul = el('ul', 'tasks');
    for (const t of d.tasks) {
      const li = el('li', 'task', null, {'data-task': t.id, 'data-state': t.state});
      li.appendChild(el('span', 'badge', t.state));
      const body = el('div', 'tbody');
      body.appendChild(el('div', 'ttitle', t.title));
      let why = t.why || '';
      if (t.met_at) why = 'met at ' + hms(t.met_at) + (why ? ' · ' + why : '');
      if (why) body.appendChild(el('div', 'why', why));
      li.appendChild(body);
      ul.appendChild(li);
    }
    s.appendChild(ul);
    return s;
  }

  function hints(d) {
    const s = section('Hints used: ' + d.hints.length + ' of ' + d.hints_of);
    s.dataset.hints = String(d.hints.length);
    for (const h of d.hints) {
      const p = el('p', 'hint');
      p.appendChild(el('b', '', 'hint ' + h.n + ' (−' + h.cost + '): '));
      p.appendChild(document.createTextNode(h.text));
      s.appendChild(p);
    }
    return s;
  }

  function labMap(d) {
    const m = d.map, s = section('The lab', 'map');
    const W = 560, bw = 170, bh = 46;
    const row = (n, i) => (W / n) * i + (W / n - bw) / 2;
    const minions = m.minions, masters = m.masters;
    const H = 3 * bh + 2 * 56 + 10;
    const g = svg('svg', {viewBox: '0 0 ' + W + ' ' + H, class: 'labmap', role: 'img', 'aria-label': 'map of the lab'});
    const pos = {};
    masters.forEach((n, i) => { pos[n.service] = [row(masters.length, i), bh + 56]; });
    const apiX = (W - bw) / 2;
    // Lines first, so the boxes cover their ends.
    for (const n of masters) {
      g.appendChild(svg('line', {x1: apiX + bw / 2, y1: bh, x2: pos[n.service][0] + bw / 2, y2: pos[n.service][1], class: 'link api'}));
    }
    minions.forEach((n, i) => {
      const x = row(minions.length, i) + bw / 2, y = 2 * (bh + 56);
      for (const ms of n.served_by) {
        if (pos[ms]) g.appendChild(svg('line', {x1: x, y1: y, x2: pos[ms][0] + bw / 2, y2: pos[ms][1] + bh, class: 'link serve', 'data-serves': n.service + '>' + ms}));
      }
    });
    function box(x, y, name, state, sub, data) {
      const b = svg('g', Object.assign({class: 'node', 'data-state': state}, data));
      const title = svg('title', {}, name + ': ' + state + (sub ? ' — ' + sub : ''));
      b.appendChild(title);
      b.appendChild(svg('rect', {x: x, y: y, width: bw, height: bh, rx: 6}));
      b.appendChild(svg('text', {x: x + bw / 2, y: y + 19, class: 'name'}, name));
      b.appendChild(svg('text', {x: x + bw / 2, y: y + 36, class: 'state'}, sub ? state + ' · ' + sub : state));
      g.appendChild(b);
    }
    const apiSub = (m.api.faults || []).length ? 'fault' : '';
    box(apiX, 0, 'balancer → salt-api', m.api.state, apiSub, {'data-api': m.api.state});
    for (const n of masters) {
      const kinds = (n.faults || []).map(f => f.split(' ')[0]).join(', ');
      box(pos[n.service][0], pos[n.service][1], n.service, n.state, kinds ? 'fault: ' + kinds : '', {'data-master': n.service});
    }
    minions.forEach((n, i) => {
      box(row(minions.length, i), 2 * (bh + 56), n.service, n.state, n.served_by.length ? 'by ' + n.served_by.map(x => x.replace(/^salt-/, '')).join(', ') : '', {'data-minion': n.service});
    });
    s.appendChild(g);
    let src = m.source === 'lab' ? 'From the lab itself (saltlab status) at ' + hms(m.at) + '.' : 'From the drill\'s latest probes and open faults.';
    if (m.note) src += ' ' + m.note;
    s.appendChild(el('p', 'note', src));
    const details = el('ul', 'details');
    for (const n of masters.concat([m.api])) {
      const f = (n.faults || []).length ? ' (open fault: ' + n.faults.join(', ') + ')' : '';
      if (n.why || f) details.appendChild(el('li', '', n.service + ': ' + (n.why || '') + f));
    }
    s.appendChild(details);
    return s;
  }

  function incident(d) {
    const s = section('Incident');
    const ol = el('ol', 'actions');
    for (const a of d.actions) {
      const li = el('li', 'action', null, {'data-action': a.n, 'data-state': a.state});
      li.appendChild(el('span', 'badge', a.state));
      li.appendChild(el('span', 'what', a.what));
      let when = a.when;
      if (a.at) when += ' · started ' + hms(a.at);
      else if (a.due) when += ' · due ' + hms(a.due);
      li.appendChild(el('span', 'when', when));
      if (a.error) li.appendChild(el('div', 'err', a.error));
      ol.appendChild(li);
    }
    s.appendChild(ol);
    const bar = el('div', 'nextbar');
    const btn = el('button', 'next', d.next_fault >= 0 ? 'Start fault ' + (d.next_fault + 1) + ' now' : 'No fault left to start', {'data-next': d.run_id, type: 'button'});
    btn.disabled = d.next_fault < 0 || !!d.requested;
    btn.addEventListener('click', () => nextFault(d.run_id, btn));
    bar.appendChild(btn);
    let msg = notes[d.run_id] || '';
    if (d.requested) msg = 'Asked at ' + hms(d.requested) + ': the console starts it at its next tick.';
    if (!d.console.watching) msg += (msg ? ' ' : '') + 'The console is not watching (last seen ' + hms(d.console.last_saved) + '): the fault starts when `saltlab drill resume --run ' + d.run_id + '` runs.';
    bar.appendChild(el('span', 'msg', msg, {'data-msg': d.run_id}));
    s.appendChild(bar);
    return s;
  }

  function commands(d) {
    const total = d.lane.total, shown = d.commands.length;
    const s = section('Learner\'s commands (' + total + (shown < total ? ', the last ' + shown + ' shown' : '') + ')', 'cmds');
    s.dataset.total = String(total);
    if (!d.lane.complete) s.appendChild(el('p', 'cut', d.lane.note, {'data-lane-cut': d.run_id}));
    if (!d.commands.length) {
      s.appendChild(el('p', 'empty', 'None yet: the learner opens a shell with saltlab drill shell.'));
      return s;
    }
    const tb = el('table', 'commands');
    for (const c of d.commands.slice().reverse()) {
      const tr = el('tr', c.exit === 0 ? 'ok' : 'bad', null, {'data-command': c.line});
      tr.appendChild(el('td', 'at', hms(c.at)));
      tr.appendChild(el('td', 'svc', c.service));
      tr.appendChild(el('td', 'exit', c.exit));
      tr.appendChild(el('td', 'line', c.line));
      tb.appendChild(tr);
    }
    s.appendChild(tb);
    return s;
  }

  function secs(ns) {
    return (ns / 1e9).toFixed(1) + ' s';
  }

  function cost(d) {
    const c = d.cost;
    const s = section(c.until === 'mitigation' ? 'What the incident cost, until it was mitigated' : 'What the incident has cost so far', 'cost');
    s.dataset.cost = c.jobs_known ? c.lost + '/' + c.twice : 'unknown';
    if (!c.jobs_known) {
      s.appendChild(el('p', '', 'Salt jobs: unknown: no master\'s event bus was recorded (the console records them while it watches).'));
    } else {
      let t = c.jobs + ' Salt job(s) published: ' + c.lost + ' lost, ' + c.twice + ' returned twice';
      if (c.unjudged) t += ', ' + c.unjudged + ' not judged yet';
      t += '. Of them the drill\'s own probes: ' + c.probe_jobs + ' (' + c.probe_lost + ' lost, ' + c.probe_twice + ' twice).';
      s.appendChild(el('p', 'jobs', t, {'data-jobs': String(c.jobs)}));
    }
    if (c.api_requests) s.appendChild(el('p', '', 'salt-api requests: ' + c.api_requests + ', ' + c.api_failed + ' failed.'));
    if (c.cut) s.appendChild(el('p', 'cut', c.note, {'data-cost-cut': d.run_id}));
    return s;
  }

  function reference(d) {
    const s = section('Reference run of the solution', 'refrun');
    const r = d.reference;
    if (!r) {
      s.appendChild(el('p', 'empty', 'None yet: saltlab drill test ' + d.drill + ' (the drill\'s self-test) makes one.', {'data-reference': 'none'}));
      return s;
    }
    let t = 'Salt ' + [r.flavor, r.release].filter(x => x).join(' ') + ', ' + r.date;
    if (r.solved_after_ns) t += ': every task met ' + secs(r.solved_after_ns) + ' after the incident\'s start';
    s.appendChild(el('p', '', t + '.', {'data-reference': r.flavor}));
    // The token goes on the request only, never into the page.
    const btn = el('button', 'open', 'Open the reference run', {type: 'button', 'data-open-reference': d.run_id});
    btn.addEventListener('click', () => window.open(r.url + '&token=' + encodeURIComponent(token), '_blank', 'noopener'));
    s.appendChild(btn);
    return s;
  }

  function drillCard(d) {
    const card = el('article', 'drill', null, {'data-run': d.run_id});
    const head = el('header', 'dhead');
    const t = el('div', 'dtitle');
    t.appendChild(el('h2', '', d.title));
    t.appendChild(el('div', 'meta', d.drill + ' · ' + d.level + ' · ' + d.topology + ' on Salt ' + d.flavor + ' · run ' + d.run_id));
    head.appendChild(t);
    head.appendChild(el('span', 'console', d.console.watching ? 'console watching' : 'console not watching', {'data-state': d.console.watching ? 'on' : 'off'}));
    head.appendChild(timer(d));
    card.appendChild(head);
    const grid = el('div', 'grid');
    const left = el('div', 'col'), right = el('div', 'col');
    const brief = section('Brief (what the learner was told)');
    brief.appendChild(el('div', 'brief', d.brief));
    left.appendChild(brief);
    left.appendChild(tasks(d));
    left.appendChild(hints(d));
    left.appendChild(cost(d));
    right.appendChild(labMap(d));
    right.appendChild(incident(d));
    right.appendChild(reference(d));
    grid.appendChild(left);
    grid.appendChild(right);
    card.appendChild(grid);
    card.appendChild(commands(d));
    return card;
  }

  function render() {
    main.replaceChildren();
    if (!view) return;
    for (const p of view.problems || []) main.appendChild(el('p', 'problem', p));
    if (!view.drills.length) {
      main.appendChild(el('p', 'empty', 'No drill is running. Start one with saltlab drill start NAME; it shows here within a second.'));
    }
    for (const d of view.drills) main.appendChild(drillCard(d));
    document.body.dataset.drills = String(view.drills.length);
  }

  function nextFault(run, btn) {
    btn.disabled = true;
    fetch('api/next-fault' + q + '&run=' + encodeURIComponent(run), {method: 'POST'}).then(r => r.text().then(t => {
      notes[run] = r.ok ? 'Asked.' : 'Refused: ' + t.trim();
      render();
    })).catch(e => { notes[run] = 'Could not ask: ' + e; render(); });
  }

  function connect() {
    const es = new EventSource('api/events' + q);
    es.addEventListener('view', e => {
      view = JSON.parse(e.data);
      conn.textContent = 'live';
      conn.dataset.state = 'live';
      document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
      render();
    });
    es.onerror = () => { conn.textContent = 'reconnecting…'; conn.dataset.state = 'down'; };
  }

  setInterval(() => {
    document.getElementById('clock').textContent = hms(Date.now());
    if (view) for (const d of view.drills) {
      const old = document.querySelector('[data-timer="' + CSS.escape(d.run_id) + '"]');
      if (old) old.replaceWith(timer(d));
    }
  }, 1000);
  connect();
})();
