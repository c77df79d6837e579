// The spectator page: server-sent events in, DOM out. Every server string goes in as text
// (textContent), never as HTML: player names are untrusted.
"use strict";

const PHASES = { idle: "待機中", exchange: "カード交換", play: "対戦中", between: "ラウンド間", paused: "一時停止中" };
const SUITS = { "♠": "s-s", "♥": "s-h", "♦": "s-d", "♣": "s-c", "★": "s-j" };
const tables = new Map();
const parts = location.pathname.split("/").filter(Boolean);
const only = parts[0] === "tables" && parts[1] ? decodeURIComponent(parts[1]) : null;
// What a test (or a curious operator) can read: every view shown, with when it was drawn.
window.dfgSpectator = { updates: [], only };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function card(text, small) {
  const node = el("span", "card" + (small ? " small" : ""), text);
  node.classList.add(SUITS[text.charAt(0)] || "s-x");
  return node;
}

function secondsLeft(t) {
  if (t.seconds_left === null || t.seconds_left === undefined) return null;
  return Math.max(0, Math.ceil(t.seconds_left - (Date.now() - t.received) / 1000));
}

function seatNode(seat, table) {
  const out = seat.place !== null || seat.dropped;
  const node = el("div", "seat" + (seat.to_act ? " acting" : "") + (out ? " out" : ""));
  node.dataset.seat = seat.seat;
  node.dataset.name = seat.name;
  node.dataset.cards = seat.cards;
  const who = el("div", "who");
  if (seat.to_act) who.append(el("span", "turn", "▶ "));
  who.append(el("span", "name", seat.name));
  if (seat.cpu) who.append(el("span", "cpu", "CPU"));
  node.append(who);
  const line = el("div", "line");
  if (seat.dropped) line.append(el("span", "dropped", "脱落"));
  else if (seat.place !== null) line.append(el("span", "place", `${seat.place}位 ${seat.title || ""}`));
  else {
    line.append(el("span", "count", `${seat.cards}枚`));
    if (seat.passed) line.append(" ", el("span", "pass", "パス"));
  }
  if (seat.away) line.append(" ", el("span", "muted", "(離席中)"));
  line.append(" ", el("span", "muted", `${seat.points}点`));
  node.append(line);
  if (seat.hand) {
    const hand = el("div", "hand");
    seat.hand.forEach((c) => hand.append(card(c, true)));
    node.append(hand);
  } else if (table.phase !== "idle" && seat.place === null && !seat.dropped) {
    const backs = el("div", "backs");
    for (let i = 0; i < Math.min(seat.cards, 27); i++) backs.append(el("span", "back"));
    node.append(backs);
  }
  return node;
}

function tableNode(t) {
  const board = el("div", "board");
  board.dataset.table = t.id;
  const top = el("div", "top");
  top.append(el("h2", "", t.name));
  top.append(el("span", "phase", PHASES[t.phase] || t.phase));
  if (t.round) top.append(el("span", "round", `第${t.round}/${t.rounds}ラウンド`));
  if (t.revolution) top.append(el("span", "badge revolution", "革命中"));
  if (t.eleven_back) top.append(el("span", "badge", "11バック"));
  if (t.lock) top.append(el("span", "badge lock", `縛り中 ${t.lock}`));
  if (t.number_lock) top.append(el("span", "badge lock", "数しば"));
  board.append(top);
  const left = secondsLeft(t);
  if (left !== null) {
    const timer = el("div", "timer");
    const total = t.seconds_total || t.seconds_left || 1;
    const bar = el("div", "bar" + (left <= 10 ? " low" : ""));
    bar.style.width = `${Math.min(100, (100 * left) / total)}%`;
    timer.append(bar, el("div", "label", `${(t.acting || []).join("・")} 残り${left}秒`));
    timer.id = "timer";
    board.append(timer);
  }
  const field = el("div", "field");
  field.id = "field";
  if (t.field) t.field.split(" ").forEach((c) => field.append(card(c)));
  else field.append(el("span", "empty", t.phase === "idle" ? `参加者 ${t.lobby.length}人` : "場は空です"));
  board.append(field);
  const seats = el("div", "seats");
  t.seats.forEach((s) => seats.append(seatNode(s, t)));
  board.append(seats);
  const lower = el("div", "lower");
  const history = el("div", "panel");
  history.append(el("h3", "", "プレイ履歴"));
  const list = el("ol", "history");
  list.id = "history";
  t.history.forEach((h) => list.append(el("li", "kind-" + h.kind, h.text)));
  history.append(list);
  const points = el("div", "panel");
  points.append(el("h3", "", "得点"));
  const table = el("table", "points");
  [...t.seats].sort((a, b) => b.points - a.points).forEach((s) => {
    const row = el("tr");
    row.append(el("td", "", s.name), el("td", "num", `${s.points}点`));
    table.append(row);
  });
  points.append(table);
  lower.append(history, points);
  board.append(lower);
  return board;
}

function listItem(t) {
  const item = el("li");
  const link = el("a");
  link.href = `/tables/${encodeURIComponent(t.id)}`;
  link.append(el("div", "name", t.name), el("div", "muted", PHASES[t.phase] || t.phase));
  const names = t.seats.length ? t.seats.map((s) => s.name) : t.lobby;
  link.append(el("div", "", names.join("・") || "—"));
  item.append(link);
  return item;
}

function render() {
  if (only === null) {
    const list = document.getElementById("tables");
    list.replaceChildren(...[...tables.values()].map(listItem));
    document.getElementById("empty").hidden = tables.size > 0;
    document.getElementById("list").hidden = false;
    return;
  }
  const section = document.getElementById("table");
  section.hidden = false;
  const t = tables.get(only);
  const history = document.getElementById("history");
  const scrolled = history && history.scrollTop + history.clientHeight < history.scrollHeight - 4;
  section.replaceChildren(t ? tableNode(t) : el("p", "muted", "この卓はまだ表示できません。"));
  const fresh = document.getElementById("history");
  if (fresh && !scrolled) fresh.scrollTop = fresh.scrollHeight;
}

function tick() {
  for (const t of tables.values()) {
    const left = secondsLeft(t);
    const timer = document.getElementById("timer");
    if (only === t.id && timer && left !== null) {
      const total = t.seconds_total || t.seconds_left || 1;
      timer.firstChild.style.width = `${Math.min(100, (100 * left) / total)}%`;
      timer.firstChild.className = "bar" + (left <= 10 ? " low" : "");
      timer.lastChild.textContent = `${(t.acting || []).join("・")} 残り${left}秒`;
    }
  }
}

function connect() {
  const status = document.getElementById("status");
  const url = "/api/events" + (only ? `?table=${encodeURIComponent(only)}` : "");
  const source = new EventSource(url);
  source.onopen = () => { status.textContent = "ライブ"; status.className = "status live"; };
  source.onerror = () => { status.textContent = "再接続中…"; status.className = "status"; };
  source.addEventListener("table", (event) => {
    const t = JSON.parse(event.data);
    t.received = Date.now();
    tables.set(t.id, t);
    render();
    window.dfgSpectator.updates.push({ table: t.id, seq: t.seq, published: t.published, shown: Date.now() });
    if (window.dfgSpectator.updates.length > 2000) window.dfgSpectator.updates.shift();
  });
}

fetch("/api/tables").then((r) => r.json()).then((data) => {
  if (data.delay > 0) {
    const delay = document.getElementById("delay");
    delay.textContent = `配信モード: ${data.delay}秒遅れで表示`;
    delay.hidden = false;
  }
  document.getElementById("handsnote").hidden = !data.hands;
  document.getElementById("handsoff").hidden = Boolean(data.hands);
  render();
}).catch(() => {});
render();
connect();
setInterval(tick, 250);
