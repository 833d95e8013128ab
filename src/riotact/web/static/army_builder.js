// The lobby's army builder for rulesets with army lists (The Breaking of Nations): edit the chosen
// scenario's lists; after every change the server checks them with the engine's own rules
// (POST /api/army-check) and shows each entry's cost, each side's total and every problem. The edited
// list is used when the table is made. Text is always set with textContent.
"use strict";
const ArmyBuilder = (() => {
  const $ = (id) => document.getElementById(id);
  let scenario = null, form = [], army = [], seats = [], edited = false, asked = 0, timer = null;

  function el(tag, attrs = {}, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "text") node.textContent = v; else if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    node.append(...kids);
    return node;
  }

  async function check(list) {
    const mine = ++asked;
    const response = await fetch("/api/army-check", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(list === null ? { scenario: scenario.ref } : { scenario: scenario.ref, army: list }) });
    const data = await response.json();
    if (mine !== asked) return null;  // an older answer: a newer edit is on its way
    if (!response.ok) { showProblems([data.error]); return null; }
    return data;
  }

  // One input per field of the engine's own unit model (the server sends the form with each check).
  function input(field, entry, i) {
    const value = entry[field.name] ?? field.default;
    const id = `army-${i}-${field.name}`;
    let node;
    if (field.name === "seat" || field.kind === "choice") {
      node = el("select", { id });
      const choices = field.name === "seat" ? seats : field.choices;
      if (field.optional) node.append(el("option", { value: "", text: "(as the squad)" }));
      for (const c of choices) node.append(el("option", { value: c, text: c }));
      node.value = value ?? "";
    } else if (field.kind === "bool") {
      node = el("input", { id, type: "checkbox" }); node.checked = Boolean(value);
    } else if (field.kind === "choices") {
      node = el("input", { id, value: (value || []).map((x) => x.kind || x).join(", "), placeholder: field.choices.join(", "),
                           title: `any of: ${field.choices.join(", ")}` });
    } else if (field.kind === "point") {
      node = el("input", { id, value: (value || []).join(", "), placeholder: "x, y (inches)", inputmode: "decimal" });
    } else {
      node = el("input", { id, value: value ?? "", ...(field.kind === "int" || field.kind === "number" ? { inputmode: "decimal" } : {}) });
    }
    node.dataset.field = field.name;
    node.dataset.kind = field.kind;
    node.addEventListener(node.tagName === "SELECT" || node.type === "checkbox" ? "change" : "input", () => changed(i));
    return el("label", { class: "army-field", for: id }, `${field.name.replace(/_/g, " ")} `, node);
  }

  function read(node) {
    const k = node.dataset.kind, v = node.type === "checkbox" ? node.checked : node.value.trim();
    if (k === "bool") return v;
    if (k === "int" || k === "number") return v === "" || Number.isNaN(Number(v)) ? v : Number(v);
    if (k === "choices") return v ? v.split(/[\s,]+/).filter(Boolean).map((kind) => ({ kind })) : [];
    if (k === "point") return v.split(/[\s,]+/).filter(Boolean).map(Number);
    if (k === "choice" && v === "") return null;
    return v;
  }

  function changed(i) {
    const card = document.querySelector(`[data-entry="${i}"]`);
    for (const node of card.querySelectorAll("[data-field]")) {
      const value = read(node);
      if (value === null) delete army[i][node.dataset.field]; else army[i][node.dataset.field] = value;
    }
    edited = true;
    $("army-use").checked = true;
    clearTimeout(timer);
    timer = setTimeout(recheck, 150);
  }

  async function recheck() {
    const data = await check(army);
    if (data) show(data, false);
  }

  function drawEntries() {
    const box = $("army-entries");
    box.replaceChildren();
    army.forEach((entry, i) => {
      const remove = el("button", { type: "button", text: "Remove" });
      remove.addEventListener("click", () => { army.splice(i, 1); edited = true; $("army-use").checked = true; drawEntries(); recheck(); });
      const copy = el("button", { type: "button", text: "Copy" });
      copy.addEventListener("click", () => {
        const twin = JSON.parse(JSON.stringify(entry));
        twin.id = `${entry.id}x`.slice(0, 20);
        army.splice(i + 1, 0, twin); edited = true; $("army-use").checked = true; drawEntries(); recheck();
      });
      box.append(el("div", { class: "army-entry", "data-entry": String(i) },
        el("div", { class: "army-head" }, el("strong", { class: "army-cost", text: "" }), " ", remove, " ", copy),
        el("div", { class: "army-fields" }, ...form.map((f) => input(f, entry, i))),
        el("ul", { class: "army-problems error" })));
    });
  }

  function showProblems(problems) {
    $("army-problems").replaceChildren(...(problems.length ? problems.map((p) => el("li", { text: p }))
      : [el("li", { class: "ok", text: "The lists are legal." })]));
  }

  function show(data, redraw) {
    form = data.form; seats = data.seats;
    if (redraw) { army = JSON.parse(JSON.stringify(data.army)); drawEntries(); }
    data.units.forEach((row, i) => {
      const card = document.querySelector(`[data-entry="${i}"]`);
      if (!card) return;
      card.querySelector(".army-cost").textContent = `${row.id}: ${row.cost === null ? "?" : row.cost} CU`;
      card.querySelector(".army-problems").replaceChildren(...row.problems.map((p) => el("li", { text: p })));
    });
    const limit = data.limit ? ` of ${data.limit} CU` : " CU (no limit)";
    $("army-totals").replaceChildren(...seats.map((seat) => {
      const total = data.totals[seat] || 0, over = data.limit && total > data.limit;
      return el("span", { class: over ? "error" : "", "data-seat": seat, text: `${seat}: ${total}${limit}` });
    }));
    showProblems(data.problems);
    $("army-builder").dataset.ok = String(data.ok);
  }

  function add() {
    const seat = seats[0] || "";
    const entry = { id: `N${army.length + 1}`, name: "New squad", seat, at: [1, 1] };
    army.push(entry); edited = true; $("army-use").checked = true;
    drawEntries(); recheck();
  }

  return {
    // Called by the lobby whenever the chosen scenario changes.
    async show(sc, ruleset) {
      const box = $("army-builder");
      if (!box) return;
      scenario = sc; edited = false;
      box.hidden = !(ruleset && ruleset.army && sc && !sc.toml);
      if (box.hidden) return;
      $("army-use").checked = false;
      const data = await check(null);
      if (data) show(data, true);
    },
    // The list to make the table with, or null to keep the scenario's own.
    army() {
      const box = $("army-builder");
      return box && !box.hidden && edited && $("army-use").checked ? army : null;
    },
    add,
  };
})();
document.getElementById("army-add")?.addEventListener("click", () => ArmyBuilder.add());
