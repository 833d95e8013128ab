// The replay viewer: a finished table of this server or an uploaded saved game, step by step (one step per
// decision the chosen seat saw) or turn by turn, as a seat, the umpire, or a spectator saw it. The server
// rebuilds each step from the record; this page only draws what it is sent.
"use strict";
const $ = (id) => document.getElementById(id);
let source = null, at = null, seat = null;
// Requests sent and settled. Answers come back in any order (a slow check of the whole game, a busy server):
// only the latest request's is drawn, and the board is aria-busy while any is out.
let asked = 0, settled = 0;

function banner(text, kind = "warn") {
  $("banner").replaceChildren(...(text ? [el("div", { class: `banner ${kind}`, text, role: "status" })] : []));
}

function watcherName(s) {
  return s === "umpire" ? "the umpire (the truth)" : s === "spectator" ? "a spectator (what every seat saw)" : `seat ${s}`;
}

async function ask(step, check = false) {
  const mine = ++asked;
  $("board").setAttribute("aria-busy", "true");
  try {
    const response = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...source, seat, step, check }) });
    const data = await response.json();
    if (mine !== asked) return;  // a later request's answer is the one to draw
    if (!response.ok) { banner(data.error); return; }
    banner("");
    at = data;
    seat = data.seat;  // the next steps as the same watcher
    draw();
  } finally {
    if (++settled === asked) $("board").removeAttribute("aria-busy");
  }
}

function draw() {
  document.title = `riotact replay: ${at.title}`;
  $("title").textContent = `${at.title} · as ${watcherName(at.seat)}`;
  $("where").textContent = `step ${at.step} of ${at.steps - 1} · turn ${at.turns[at.step]}${at.view.result ? " · game over" : ""}`;
  document.body.dataset.step = at.step;
  const chosen = $("as").value || at.seat;
  $("as").replaceChildren(...at.seats.map((s) => el("option", { value: s, text: watcherName(s) })));
  $("as").value = chosen;
  Boards.draw($("board"), at.view);
  $("log").replaceChildren(...at.log.slice(-300).reverse().map((e) => el("div", { class: `ev ${e.kind}`,
    text: `t${e.turn} ${e.text}${e.rule && !e.text.includes(e.rule) ? ` [${e.rule}]` : ""}` })));
}

// Turn by turn: the first step of the next turn, or the first step of this turn (of the one before, at its start).
function go(where) {
  if (!at) return;
  const last = at.steps - 1, turn = at.turns[at.step];
  let step = { first: 0, back: at.step - 1, next: at.step + 1, last }[where];
  if (where === "turn-next") {
    step = at.turns.findIndex((t, i) => i > at.step && t > turn);
    if (step < 0) step = last;
  } else if (where === "turn-back") {
    const start = at.turns.findIndex((t) => t === turn);
    const target = start < at.step ? turn : at.turns[Math.max(0, start - 1)];
    step = at.turns.findIndex((t) => t === target);
  }
  ask(Math.max(0, Math.min(step, last)));
}

async function loadFinished() {
  const data = await (await fetch("/api/replays")).json();
  $("finished").append(...data.tables.map((t) => el("option", { value: t.id,
    text: `${t.title} (${t.id}, ${t.decisions} decisions)` })));
}

// A table's token from a pasted invitation link (…/table#t=TOKEN) or the bare token.
function tokenOf(text) {
  const hash = text.includes("#") ? text.slice(text.indexOf("#") + 1) : "";
  return (hash ? new URLSearchParams(hash).get("t") : text).trim();
}

// The links of tables made in this browser (the lobby keeps them): the umpire's first, then a seat's.
function knownToken(table) {
  const tokens = (JSON.parse(localStorage.getItem("riotact-tables") || "{}")[table] || {}).tokens || {};
  const seats = Object.keys(tokens).filter((s) => s !== "spectators");
  const best = "umpire" in tokens ? "umpire" : seats[0] || "spectators";
  return tokens[best] || "";
}

function openTable(table, token) {
  if (!token) { banner("Paste your link to this table (the umpire's, a seat's or the spectators') to replay it."); return; }
  source = { ...(table ? { table } : {}), token };
  $("upload").value = "";
  at = null; seat = null; $("as").value = "";  // no stepping from the last game's step until this one answers
  ask(0, true);
}

$("finished").addEventListener("change", () => {
  if (!$("finished").value) return;
  openTable($("finished").value, tokenOf($("link").value) || knownToken($("finished").value));
});
$("link").addEventListener("change", () => { $("finished").value = ""; openTable(null, tokenOf($("link").value)); });
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (!file) return;
  source = { log: await file.text() };
  $("finished").value = "";
  at = null; seat = null; $("as").value = "";
  ask(0, true);
});
$("as").addEventListener("change", () => { seat = $("as").value; ask(0); });
for (const b of document.querySelectorAll("[data-go]")) b.addEventListener("click", () => go(b.dataset.go));
loadFinished();
if (location.hash.includes("t=")) openTable(null, tokenOf(location.hash));  // from the table page's link
