// One seat at the table. Everything shown here comes from the server's messages for this seat, which
// are built from that seat's view and filtered log only. No optimistic updates: the server decides.
"use strict";
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.hash.slice(1)).get("t") || "";
let socket = null, state = null, log = [], pendingDice = null, shownSeat = null, retry = 500, powers = [];

function banner(text, kind = "info") {
  const box = $("banner");
  box.replaceChildren();
  if (text) box.append(el("div", { class: `banner ${kind}`, text, role: "status" }));
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(actionId, faces = []) {
  banner("");
  send({ type: "act", action: actionId, version: state.version, faces });
}

// Actions are grouped by the first word of their text (or id), and found by words typed in the search box.
function groupOf(action) {
  const colon = action.text.indexOf(":");
  if (colon > 0 && colon < 30) return action.text.slice(0, colon);
  return action.text.split(/\s+/)[0] || action.id;
}

function drawActions() {
  const box = $("actions"), view = state.view, words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  box.replaceChildren();
  const legal = view.legal_actions.filter((a) => words.every((w) => `${a.text} ${a.id}`.toLowerCase().includes(w)));
  if (view.result) { box.append(el("p", { text: "The game is over." })); return; }
  if (!view.legal_actions.length) {
    box.append(el("p", { class: "muted", text: `Waiting for ${view.to_act.join(", ") || "nobody"}.` }));
    return;
  }
  const groups = new Map();
  for (const a of legal) { const g = groupOf(a); if (!groups.has(g)) groups.set(g, []); groups.get(g).push(a); }
  for (const [name, actions] of groups) {
    const buttons = actions.map((a) => {
      const odds = (state.odds || {})[a.id];  // the odds of an option that turns on chance
      const b = el("button", { text: odds ? `${a.text} — ${odds.text}` : a.text, title: a.id, "data-action": a.id });
      b.addEventListener("click", () => act(a.id));
      return b;
    });
    if (groups.size > 1 && legal.length > 12 && actions.length > 1) {
      const d = el("details", {}, el("summary", { text: `${name} (${actions.length})` }), ...buttons);
      d.open = groups.size <= 4 || words.length > 0;
      box.append(d);
    } else box.append(...buttons);
  }
  if (!legal.length) box.append(el("p", { class: "muted", text: "No action matches those words." }));
}

function explainRoll(e) {
  const parts = [`${e.dice.length}D${e.sides}: ${e.dice.join(", ")}`];
  for (const m of e.modifiers || []) parts.push(`${m.value >= 0 ? "+" : ""}${m.value} ${m.reason}${m.rule ? ` (${m.rule})` : ""}`);
  if ("total" in e && e.total !== null && e.total !== undefined) parts.push(`= ${e.total}`);
  if ("successes" in e) parts.push(`${e.successes} success(es)`);
  if (e.target !== null && e.target !== undefined) parts.push(`needing ${e.target}`);
  if (e.result) parts.push(`→ ${e.result}`);
  if (e.rule) parts.push(`[${e.rule}]`);
  return parts.join("  ");
}

function drawLog() {
  const box = $("log");
  box.replaceChildren();
  for (const e of log.slice(-400).reverse()) {
    const row = el("div", { class: `ev ${e.kind}` }, el("span", { class: "muted", text: `t${e.turn} ` }),
                   el("span", { text: e.text }));
    if (e.kind === "roll") row.append(el("div", { class: "why", text: explainRoll(e) }));
    else if (e.rule && !e.text.includes(e.rule)) row.append(el("div", { class: "why", text: `[${e.rule}]` }));
    box.append(row);
  }
}

function drawHeader(message) {
  const view = state.view;
  if (message.table) {
    $("title").textContent = `${message.table.ruleset_title}: ${message.table.scenario_title}`;
    document.title = `riotact: ${message.seat}`;
  }
  const who = view.seat === "umpire" ? "the umpire's console"
    : message.spectating ? `spectator (${sightName(message.spectating)})` : `seat ${view.seat}`;
  $("meta").textContent = `${who} · turn ${view.turn} · to act: ${view.to_act.join(", ") || "nobody"}`;
  $("seats").replaceChildren(...message.seats.map((s) =>
    el("span", {}, el("span", { class: `dot ${s.online ? "on" : ""}` }), `${s.seat} (${seatKind(s.kind)})`)));
  $("undo").disabled = !message.can_undo;
  $("undo").hidden = Boolean(message.spectating);  // a spectator takes no part
}

function sightName(who) {
  return who === "spectator" ? "what every seat sees" : who === "umpire" ? "the truth" : `as seat ${who} sees`;
}

// What spectators see, granted at the umpire's console: the common view, one seat's view, the truth at the end.
function drawSpectators(message) {
  const s = message.spectators;
  $("spectate").hidden = !s;
  if (!s) return;
  const select = $("spectate-level"), chosen = select.value || s.level;
  const levels = ["common", ...Object.keys(message.seat_views).map((seat) => `seat:${seat}`), "truth"];
  select.replaceChildren(...levels.map((l) => el("option", { value: l,
    text: l === "common" ? "what every seat sees" : l === "truth" ? "the truth (once the game is over)" : `as seat ${l.slice(5)} sees` })));
  select.value = chosen;
  $("spectate-now").textContent = `${s.watching} watching; they see ${sightName(s.sees)}.`;
}

// A take-back waiting for agreement (the core's take-back rule): the seats asked agree or refuse; the
// asking seat sees whom it waits for and may withdraw; a person umpire's agreement is enough.
function drawTakeBack(message) {
  const t = message.take_back;
  $("take-back").hidden = !t;
  if (!t) return;
  const mine = t.by === message.seat;
  $("take-back-text").textContent = mine
    ? `You asked to take back your last decision: waiting for ${t.waiting_for.join(", ") || "the umpire"}.`
    : `${t.by} asks to take back their last decision and what followed it.${t.asked ? "" : " You agreed."}`
      + (t.waiting_for ? ` Waiting for ${t.waiting_for.join(", ") || "nobody"}.` : "");
  $("take-back-yes").hidden = mine || !t.asked;
  $("take-back-no").textContent = mine ? "Withdraw" : "Refuse";
}

function drawUmpire(message) {
  const box = $("umpire-views");
  if (!message.seat_views) { box.hidden = true; return; }
  box.hidden = false;
  const seats = Object.keys(message.seat_views);
  if (!seats.includes(shownSeat)) shownSeat = seats[0];
  $("view-tabs").replaceChildren(...seats.map((s) => {
    const b = el("button", { text: s, class: s === shownSeat ? "on" : "" });
    b.addEventListener("click", () => { shownSeat = s; drawUmpire(message); });
    return b;
  }));
  const holder = $("seat-board");
  holder.replaceChildren();
  if (shownSeat) Boards.draw(holder, message.seat_views[shownSeat], null);
  if (message.bot_dice) showDice({ ...message.bot_dice, bot: true });
  drawPowers(message);
  drawSpectators(message);
}

// The umpire's powers (Game.umpire_powers()): one form, its inputs made from the chosen power's arguments.
function drawPowers(message) {
  powers = message.umpire_powers || [];
  $("power-form").hidden = !powers.length;
  const select = $("power-name"), chosen = select.value;
  if (select.options.length !== powers.length || [...select.options].some((o, i) => o.value !== powers[i].name)) {
    select.replaceChildren(...powers.map((p) => el("option", { value: p.name, text: p.name })));
    if (powers.some((p) => p.name === chosen)) select.value = chosen;
    drawPowerArgs();
  }
  const pending = message.umpire_pending || [];
  $("power-pending").replaceChildren(...(pending.length
    ? pending.map((a) => el("div", { class: "ev", text: Object.entries(a).filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(",") : typeof v === "object" ? JSON.stringify(v) : v}`).join(" · ") }))
    : [el("p", { class: "muted", text: "None." })]));
}

function drawPowerArgs() {
  const power = powers.find((p) => p.name === $("power-name").value);
  $("power-summary").textContent = power ? `${power.summary} [${power.rule}]` : "";
  $("power-args").replaceChildren(...(power ? power.args : []).map((a) => el("label", {},
    `${a.name}${a.required ? "" : " (optional)"} `,
    el("input", { name: a.name, "data-type": a.type, placeholder: a.help, title: a.help,
                  ...(a.type === "int" ? { type: "number", step: "1" } : {}) }))));
}

function sendPower(event) {
  event.preventDefault();
  const args = {};
  for (const input of $("power-args").querySelectorAll("input")) {
    const value = input.value.trim();
    if (value !== "") args[input.name] = input.dataset.type === "int" ? Number(value) : value;
  }
  banner("");
  send({ type: "intervene", power: $("power-name").value, args, version: state.version });
}

function showDice(request) {
  pendingDice = request;
  $("dice-tray").hidden = false;
  const who = request.bot ? `${request.seat} (a bot) needs` : "Your decision needs";
  const typed = request.faces.length ? ` (faces typed so far: ${request.faces.join(" ")})` : "";
  $("dice-request").textContent = `${who} ${request.n}D${request.sides} for ${request.request}: roll them and type the faces${typed}.`;
  $("dice-faces").value = "";
  $("dice-faces").focus();
}

function sendDice() {
  const faces = $("dice-faces").value.split(/[\s,]+/).filter(Boolean).map(Number);
  const bad = faces.find((f) => !Number.isInteger(f) || f < 1 || f > pendingDice.sides);
  if (faces.length !== pendingDice.n || bad !== undefined) {
    banner(`Type ${pendingDice.n} face(s), each 1 to ${pendingDice.sides}.`, "warn");
    return;
  }
  const all = [...pendingDice.faces, ...faces];
  if (pendingDice.bot) send({ type: "bot_dice", faces: all }); else act(pendingDice.action, all);
  hideDice();
}

let replayAt = { step: 0, steps: 1 };

function drawReplay(message) {
  replayAt = message;
  $("replay-step").textContent = `step ${message.step} of ${message.steps - 1} (turn ${message.view.turn})`;
  Boards.draw($("replay-board"), message.view);
  $("replay-log").replaceChildren(...message.log.slice(-12).reverse().map((e) =>
    el("div", { class: `ev ${e.kind}`, text: `t${e.turn} ${e.text}` })));
}

function replayGo(where) {
  const last = replayAt.steps - 1;
  const step = { first: 0, back: replayAt.step - 1, next: replayAt.step + 1, last }[where];
  send({ type: "replay", step: Math.max(0, Math.min(step, last)) });
}

function hideDice() { pendingDice = null; $("dice-tray").hidden = true; }

// An update carries what changed in this seat's own view since the last (riotact.web.room.view_patch).
function patched(view, patch) {
  if ("state" in patch.view) return { ...view, ...patch.view };
  const st = { ...view.state, ...patch.state };
  for (const key of patch.gone) delete st[key];
  return { ...view, ...patch.view, state: st };
}

// Who holds a seat, in words: a person, one of riotact's bots, or riotact in the umpire's chair.
function seatKind(kind) {
  return kind === "person" ? "person" : kind === "riotact" ? "riotact" : `${kind} bot`;
}

function receive(message) {
  switch (message.type) {
    case "snapshot": case "update": {
      if (message.view_patch) message.view = patched(state.view, message.view_patch);
      if (message.log_from === 0) log = [];
      log = log.concat(message.log);
      state = message;
      document.body.dataset.version = message.version;  // lets a test (or an extension) see the view change
      drawHeader(message);
      Boards.draw($("board"), message.view, act, { log, send });
      drawActions(); drawLog(); drawUmpire(message); drawTakeBack(message);
      if (typeof Messages !== "undefined") Messages.draw(message);
      // The whole game, the truth included, for the holders of this table's links once it is over.
      $("full-replay").hidden = !message.view.result || message.seat === "spectator";
      $("full-replay-link").href = `/replay#t=${encodeURIComponent(token)}`;
      if (message.view.result) {
        const r = message.view.result;
        banner(`Game over: ${r.winners.length ? r.winners.join(", ") : "nobody"} won (${r.reason}).`, "ok");
      }
      break;
    }
    case "replay": drawReplay(message); break;
    case "sight": if (typeof Tabletop !== "undefined") Tabletop.onSight(message); break;
    case "dice_needed": showDice(message); break;
    case "refused": banner(`Refused: ${message.reason}`, "warn"); break;
    case "stale": banner(message.reason, "warn"); break;
    case "undo_asked": banner(`Not yet: ${message.reason}.`, "info"); break;
    case "error": banner(message.reason, "warn"); break;
  }
}

function connect() {
  if (!token) { banner("This page needs an invitation link (…/table#t=…). Ask the table's host.", "warn"); return; }
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket.onopen = () => { retry = 500; send({ type: "hello", token }); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    $("meta").textContent = "disconnected: reconnecting…";
    if (event.code === 4401 || event.code === 4403) return;  // a bad invitation or page: do not hammer the server
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

$("replay").addEventListener("toggle", () => { if ($("replay").open) send({ type: "replay", step: 0 }); });
for (const b of document.querySelectorAll("[data-go]")) b.addEventListener("click", () => replayGo(b.dataset.go));
$("search").addEventListener("input", () => state && drawActions());
$("undo").addEventListener("click", () => send({ type: "undo", version: state.version }));
$("dice-send").addEventListener("click", sendDice);
$("power-name").addEventListener("change", drawPowerArgs);
$("power-form").addEventListener("submit", sendPower);
$("take-back-yes").addEventListener("click", () => send({ type: "take_back", agree: true }));
$("take-back-no").addEventListener("click", () => send({ type: "take_back", agree: false }));
$("spectate-grant").addEventListener("click", () => send({ type: "spectators", level: $("spectate-level").value }));
$("dice-faces").addEventListener("keydown", (e) => { if (e.key === "Enter") sendDice(); });
$("dice-cancel").addEventListener("click", hideDice);
window.addEventListener("hashchange", () => location.reload());  // another invitation: another seat
// Connect once every script of the page has run: while the parser waits for a later script (messages.js)
// the first snapshot may arrive, and what that script draws would miss it until the next update.
document.addEventListener("DOMContentLoaded", connect);
