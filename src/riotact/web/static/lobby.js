// The lobby: pick a scenario (built-in or uploaded), seats, umpire, dice and house rules; make a table.
// Game text is always set with textContent, never parsed as HTML.
"use strict";
const $ = (id) => document.getElementById(id);
let catalogue = null, uploaded = null;

function el(tag, attrs = {}, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const kid of kids) node.append(kid);
  return node;
}

function chosen() {
  if (uploaded) return uploaded;
  for (const rs of catalogue.rulesets) for (const sc of rs.scenarios) if (sc.ref === $("scenario").value) return sc;
  return null;
}

function rulesetOf(sc) { return catalogue.rulesets.find((r) => r.id === sc.ruleset); }

function drawSeats() {
  const sc = chosen(), box = $("seats");
  box.replaceChildren();
  if (!sc) return;
  $("scenario-info").textContent = `${sc.title}. ${sc.description || ""}`;
  if (typeof ArmyBuilder !== "undefined") ArmyBuilder.show(sc, rulesetOf(sc));
  sc.seats.forEach((seat, i) => {
    const select = el("select", { id: `seat-${seat}`, "data-seat": seat });
    // A bot by difficulty level (easy, normal, hard: the names the terminal and the lab use); each
    // names a bot kind, which the table records and the badges show.
    const kinds = [["person", "a person (gets an invitation link)"], ["random", "bot, easy: random moves"]];
    if (sc.heuristic) kinds.push(["heuristic", "bot, normal: riotact's heuristic player"]);
    if (sc.search) kinds.push(["search", "bot, hard: searches ahead (up to a second a move)"]);
    for (const [value, label] of kinds) select.append(el("option", { value, text: label }));
    select.value = i === 0 ? "person" : (sc.heuristic ? "heuristic" : "random");
    const badge = el("span", { class: "kind" });
    select.addEventListener("change", () => { showKind(select, badge); drawSummary(); });
    showKind(select, badge);
    box.append(el("div", { class: "field seat-row" }, el("label", { for: select.id, text: seat }), select, badge));
  });
  drawSummary();
  const rules = $("house-rules");
  rules.replaceChildren();
  for (const rule of rulesetOf(sc).house_rules) {
    const value = rule.key in sc.house_rules ? sc.house_rules[rule.key] : rule.default;
    let input;
    if (rule.choices.length) {
      input = el("select");
      for (const c of rule.choices) input.append(el("option", { value: String(c), text: String(c) }));
      input.value = String(value);
    } else if (typeof rule.default === "boolean") {
      input = el("input", { type: "checkbox" }); input.checked = value;
    } else {
      input = el("input", { value: String(value), inputmode: typeof rule.default === "number" ? "decimal" : "text" });
    }
    input.id = `rule-${rule.key}`; input.dataset.key = rule.key; input.dataset.kind = typeof rule.default;
    input.dataset.isfloat = String(typeof rule.default === "number" && !Number.isInteger(rule.default));
    rules.append(el("div", { class: "field" },
      el("label", { for: input.id, text: `${rule.key} (${rule.rule}): ${rule.text}${range(rule)}` }), input));
  }
}

// The values a number house rule takes, as the server checks them.
function range(rule) {
  return rule.low === null || rule.high === null ? "" : ` (${rule.low} to ${rule.high})`;
}

// Each seat says plainly whether a person or a bot plays it; the summary says who gets a link.
function showKind(select, badge) {
  const person = select.value === "person";
  badge.className = `kind ${person ? "person" : "bot"}`;
  badge.dataset.kind = person ? "person" : "bot";
  badge.textContent = person ? "PERSON: invitation link" : `BOT (${select.value}): riotact plays it`;
}

function seatChoice() {
  const seats = {};
  for (const select of document.querySelectorAll("#seats select")) seats[select.dataset.seat] = select.value;
  return seats;
}

function drawSummary() {
  const seats = Object.entries(seatChoice());
  const people = seats.filter(([, k]) => k === "person").map(([s]) => s);
  const bots = seats.filter(([, k]) => k !== "person").map(([s, k]) => `${s} (${k})`);
  const umpire = $("umpire").value === "person" ? "a person, at the umpire's console (a link)" : "riotact";
  $("seat-summary").textContent = `People: ${people.join(", ") || "nobody"}. ` +
    `Bots: ${bots.join(", ") || "none"}. Umpire: ${umpire}.`;
}

function houseRules(sc) {
  const out = {};
  for (const input of document.querySelectorAll("#house-rules [data-key]")) {
    const rule = rulesetOf(sc).house_rules.find((r) => r.key === input.dataset.key);
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.dataset.kind === "number") {
      value = Number(input.value);
      if (input.value.trim() === "" || Number.isNaN(value)) throw new Error(`${rule.key}: not a number`);
    } else value = input.value;
    const base = rule.key in sc.house_rules ? sc.house_rules[rule.key] : rule.default;
    if (value !== base) out[rule.key] = value;
  }
  return out;
}

async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
                                      body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.error), { field: data.field });
  return data;
}

function link(token) { return `${location.origin}/table#t=${token}`; }

function remember(made) {
  const mine = JSON.parse(localStorage.getItem("riotact-tables") || "{}");
  mine[made.table] = { title: made.title, tokens: { ...made.tokens, ...(made.spectator ? { spectators: made.spectator } : {}) } };
  localStorage.setItem("riotact-tables", JSON.stringify(mine));
}

function showLinks(made) {
  $("made").hidden = false;
  const table = $("links");
  table.replaceChildren(el("tr", {}, el("th", { text: "seat" }), el("th", { text: "invitation link" })));
  const links = { ...made.tokens, ...(made.spectator ? { spectators: made.spectator } : {}) };
  for (const [seat, token] of Object.entries(links)) {
    const a = el("a", { href: link(token), target: "_blank", text: link(token) });
    a.dataset.seat = seat;
    table.append(el("tr", {}, el("td", { text: seat }), el("td", {}, a)));
  }
  for (const [seat, kind] of Object.entries(made.bots || {})) {  // no link: nobody is to sit there
    table.append(el("tr", { class: "bot-seat" }, el("td", { text: seat }),
      el("td", {}, el("span", { class: "kind bot", text: `BOT (${kind})` }), " riotact plays this seat: no link")));
  }
}

function drawMine() {
  const mine = JSON.parse(localStorage.getItem("riotact-tables") || "{}");
  const table = $("mine");
  table.replaceChildren();
  for (const [id, t] of Object.entries(mine)) {
    const cell = el("td");
    for (const [seat, token] of Object.entries(t.tokens)) cell.append(el("a", { href: link(token), text: seat }), " ");
    table.append(el("tr", {}, el("td", { text: `${t.title} (${id})` }), cell));
  }
}

async function drawOpen() {
  const data = await (await fetch("/api/tables")).json();
  const table = $("open");
  table.replaceChildren();
  for (const t of data.tables) {
    const seats = t.seats.map((s) => s.kind === "person" ? `${s.seat}: person${s.online ? " (here)" : ""}`
      : s.kind === "riotact" ? `${s.seat}: riotact` : `${s.seat}: ${s.kind} bot`);
    table.append(el("tr", {}, el("td", { text: `${t.title} (${t.id})` }), el("td", { text: t.over ? "over" : "in play" }),
      el("td", { text: seats.join(", ") })));
  }
}

async function create() {
  $("create-error").textContent = "";
  const sc = chosen();
  try {
    const seats = seatChoice();
    const seedText = $("seed").value.trim();
    if (seedText && !/^\d+$/.test(seedText)) throw new Error("seed: a whole number, or blank");
    const body = { seats, umpire: $("umpire").value, dice: $("dice").value, options: houseRules(sc),
                   seed: seedText ? Number(seedText) : null };
    if (uploaded) body.toml = uploaded.toml; else body.scenario = sc.ref;
    const army = typeof ArmyBuilder !== "undefined" ? ArmyBuilder.army() : null;
    if (army) body.army = army;
    const made = await post("/api/tables", body);
    remember(made); showLinks(made); drawMine(); drawOpen();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

async function upload() {
  const file = $("upload").files[0];
  $("scenario-error").textContent = "";
  if (!file) { uploaded = null; drawSeats(); return; }
  const toml = await file.text();
  try {
    uploaded = { ...(await post("/api/scenario-check", { toml })), toml };
  } catch (err) {
    uploaded = null;
    $("scenario-error").textContent = err.field ? `field ${err.field}: ${err.message}` : err.message;
  }
  drawSeats();
}

async function start() {
  catalogue = await (await fetch("/api/scenarios")).json();
  for (const rs of catalogue.rulesets) {
    const group = el("optgroup", { label: rs.title });
    for (const sc of rs.scenarios) group.append(el("option", { value: sc.ref, text: sc.title }));
    $("scenario").append(group);
  }
  $("scenario").addEventListener("change", () => { uploaded = null; $("upload").value = ""; drawSeats(); });
  $("upload").addEventListener("change", upload);
  $("create").addEventListener("click", create);
  $("umpire").addEventListener("change", drawSummary);
  drawSeats(); drawMine(); drawOpen();
}
start();
